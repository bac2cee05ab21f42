// Runs the production portal. Without API_URL it first starts the backend
// stand-in (backend/, demo data) and points the portal at it: the demo.
// With API_URL it serves in front of the company's backend and nothing else.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NODE_ENV = "production";

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}

let backend;

async function waitForBackend(url, child, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the backend stand-in exited with code ${child.exitCode}`);
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
  backend = spawn(process.execPath, ["--import", "tsx", "backend/src/index.ts"], {
    env: { ...process.env, BACKEND_HOST: host, BACKEND_PORT: port },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForBackend(url, backend);
  process.env.API_URL = url;
  if (!process.env.SESSION_SECRET) {
    process.env.SESSION_SECRET = crypto.randomBytes(32).toString("hex");
    console.log("SESSION_SECRET is not set: generated one for this run (sessions end when the portal restarts).");
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

function stop(code) {
  if (backend && backend.exitCode === null) backend.kill("SIGTERM");
  process.exit(code);
}
backend?.on("exit", (code) => {
  console.error(`The backend stand-in stopped (code ${code}); stopping the portal.`);
  stop(1);
});
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));

try {
  await import("../server.js");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop(1);
}
