// Runs the production portal (`npm start`). It first builds when the sources
// changed since the last build (scripts/build.js; `--no-build` skips that, as
// does a copy without sources such as the Docker image). Without API_URL it
// then starts the backend stand-in (backend/, demo data) and points the portal
// at it: the demo. With API_URL it serves in front of the company's backend.
// server.js owns SIGTERM/SIGINT (the drain); the stand-in stops after it.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NODE_ENV = "production";

if (!process.argv.includes("--no-build") && existsSync("scripts/build.js")) {
  const { buildIfChanged, hasSources } = await import("./build.js");
  if (hasSources()) {
    try {
      await buildIfChanged({ log: (line) => console.log(line) });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
}

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}

let backend;
let backendStopping = false;

/** Stops the stand-in (if this script started it) and waits for it, a few seconds at most. */
function stopBackend() {
  return new Promise((resolve) => {
    if (!backend || backend.exitCode !== null) return resolve();
    backendStopping = true;
    backend.once("exit", () => resolve());
    backend.kill("SIGTERM");
    setTimeout(() => {
      if (backend.exitCode === null) backend.kill("SIGKILL");
      resolve();
    }, 3000).unref();
  });
}

// Until the server runs (and takes the signals over), a signal just stops everything.
const stopEarly = () => void stopBackend().then(() => process.exit(0));
process.on("SIGTERM", stopEarly);
process.on("SIGINT", stopEarly);

async function waitForBackend(url, child, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`the backend stand-in exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v1/client/rates/?page_size=1`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the backend stand-in did not answer at ${url} within ${timeoutMs / 1000} s`);
}

if (!process.env.API_URL) {
  const host = process.env.BACKEND_HOST || "127.0.0.1";
  const port = process.env.BACKEND_PORT || "8000";
  const url = `http://${host}:${port}`;
  console.log(`API_URL is not set: starting the backend stand-in with demo data at ${url}`);
  // The demo's database, media and outbox (e-mails and codes) live outside the checkout unless told otherwise.
  const dataDir = process.env.BACKEND_DATA_DIR || path.join(os.tmpdir(), "resident-portal-demo");
  console.log(
    `The stand-in keeps its data (database, media, outbox) in ${dataDir} (BACKEND_DATA_DIR)`,
  );
  backend = spawn(process.execPath, ["--import", "tsx", "backend/src/index.ts"], {
    env: { ...process.env, BACKEND_HOST: host, BACKEND_PORT: port, BACKEND_DATA_DIR: dataDir },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForBackend(url, backend);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stopBackend();
    process.exit(1);
  }
  process.env.API_URL = url;
  if (!process.env.SESSION_SECRET) {
    process.env.SESSION_SECRET = crypto.randomBytes(32).toString("hex");
    console.log(
      "SESSION_SECRET is not set: generated one for this run (sessions end when the portal restarts).",
    );
  }
  const port3000 = process.env.PORT || "3000";
  console.log(
    [
      "",
      `Demo portal: http://localhost:${port3000}`,
      "  resident:      resident@example.com / resident12345",
      "  administrator: admin@example.com / admin12345",
      `  codes sent by e-mail are in the stand-in's outbox: ${url}/__outbox/?email=<e-mail>`,
      "",
    ].join("\n"),
  );
}

let server;
try {
  server = await import("../server.js");
} catch (error) {
  // Before the server's logger exists (an invalid environment, say): a line for the person starting it.
  console.error(error instanceof Error ? error.message : error);
  await stopBackend();
  process.exit(1);
}

// From here server.js drains on a signal; the stand-in stops once the portal has.
process.off("SIGTERM", stopEarly);
process.off("SIGINT", stopEarly);
server.onShutdown(stopBackend);
// Ctrl-C in a terminal reaches the stand-in too: it stops while the portal drains.
const drainStarted = () => {
  backendStopping = true;
};
process.once("SIGTERM", drainStarted);
process.once("SIGINT", drainStarted);
// A stand-in that dies leaves the portal serving, as in front of a real backend that is down:
// pages that need data answer the friendly 503 page and /readyz says 503, instead of a dead address.
backend?.on("exit", (code, signal) => {
  if (backendStopping) return;
  server.logger.error(
    { code, signal, backendUrl: process.env.API_URL },
    "the backend stand-in stopped; the portal keeps serving and answers 503 for pages that need data (restart npm start to bring the demo back)",
  );
});
