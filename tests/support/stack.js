// Starts what the end-to-end tests run against: the backend stand-in on a
// fresh data folder and the production portal in front of it. Tests that
// need special lifetimes or a broken backend start their own stack.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, service, name, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (service.child.exitCode !== null) {
      throw new Error(
        `${name} exited with code ${service.child.exitCode}; its last lines:\n${service.tail()}`,
      );
    }
    try {
      // Bounded: whatever holds the port may never answer.
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} did not answer at ${url}; its last lines:\n${service.tail()}`);
}

/**
 * Starts a Node service of the repository. Its output is read line by line: kept (the last lines
 * say why a start failed), given to `onLog(line, stream)` when asked, and otherwise its stderr
 * (and, with `echo`, its stdout) passed through to the tests' own.
 */
function startService(args, env, { onLog, echo = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const last = [];
  const keep = (line, stream) => {
    last.push(line);
    if (last.length > 40) last.shift();
    if (onLog) onLog(line, stream);
    else if (stream === "stderr") process.stderr.write(`${line}\n`);
    else if (echo) process.stdout.write(`${line}\n`);
  };
  forwardLines(child.stdout, "stdout", keep);
  forwardLines(child.stderr, "stderr", keep);
  return { child, tail: () => last.join("\n") };
}

/** A port taken between choosing it and listening on it (by a test running beside): choose again. */
function lostItsPort(error) {
  return /EADDRINUSE/.test(String(error?.message));
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.exitCode === null && child.kill("SIGKILL"), 3000).unref();
  });
}

/** The backend stand-in on a fresh temporary data folder. */
export async function startBackend({ env = {}, port } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "portal-backend-"));
  const backendPort = port ?? (await freePort());
  const service = startService(["--import", "tsx", "backend/src/index.ts"], {
    BACKEND_DATA_DIR: dataDir,
    BACKEND_PORT: String(backendPort),
    BACKEND_HOST: "127.0.0.1",
    ...env,
  });
  const url = `http://127.0.0.1:${backendPort}`;
  try {
    await waitFor(`${url}/api/v1/client/rates/?page_size=1`, service, "backend stand-in");
  } catch (error) {
    await stopChild(service.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (port === undefined && lostItsPort(error)) return startBackend({ env });
    throw error;
  }
  return {
    url,
    dataDir,
    pid: service.child.pid,
    async stop() {
      await stopChild(service.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls `onLine(line, stream)` for every line the child writes on `stream`. */
function forwardLines(readable, stream, onLine) {
  let rest = "";
  readable.setEncoding("utf8");
  readable.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) onLine(line, stream);
  });
  readable.on("end", () => rest && onLine(rest, stream));
}

/**
 * The production portal (build/) in front of `apiUrl`. With `onLog(line, stream)`
 * its stdout and stderr go to it line by line (the benchmark counts logged errors);
 * otherwise its stderr is the tests' own, and its stdout too with E2E_PORTAL_LOGS.
 */
export async function startPortal({ apiUrl, env = {}, port, onLog } = {}) {
  const portalPort = port ?? (await freePort());
  // --no-build: the tests run the build that is there (scripts/e2e.ts made it).
  const service = startService(
    ["scripts/start.js", "--no-build"],
    {
      NODE_ENV: "production",
      API_URL: apiUrl,
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough",
      PORT: String(portalPort),
      // No load balancer to wait for: a stopped test portal drains at once.
      SHUTDOWN_DELAY_MS: "0",
      ...env,
    },
    { onLog, echo: Boolean(process.env.E2E_PORTAL_LOGS) },
  );
  const { child } = service;
  const url = `http://127.0.0.1:${portalPort}`;
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  try {
    await waitFor(`${url}/healthz`, service, "portal");
  } catch (error) {
    await stopChild(child);
    if (port === undefined && lostItsPort(error)) return startPortal({ apiUrl, env, onLog });
    throw error;
  }
  // pid: the Node process that serves (scripts/start.js imports the server in-process).
  return { url, pid: child.pid, exited, stop: () => stopChild(child) };
}

export async function startStack({
  backendEnv,
  portalEnv,
  backendPort,
  portalPort,
  onPortalLog,
} = {}) {
  const backend = await startBackend({ env: backendEnv, port: backendPort });
  try {
    const portal = await startPortal({
      apiUrl: backend.url,
      env: portalEnv,
      port: portalPort,
      onLog: onPortalLog,
    });
    return {
      portalUrl: portal.url,
      backendUrl: backend.url,
      portalPid: portal.pid,
      backendPid: backend.pid,
      async stop() {
        await portal.stop();
        await backend.stop();
      },
    };
  } catch (error) {
    await backend.stop();
    throw error;
  }
}

/** Answers when a Redis at `port` replies PONG, or throws after `timeoutMs`. */
async function waitForRedis(port, child, timeoutMs = 20_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const pong = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.setTimeout(1000);
      socket.once("connect", () => socket.write("PING\r\n"));
      socket.once("data", (data) => {
        socket.destroy();
        resolve(String(data).startsWith("+PONG"));
      });
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (pong) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

/**
 * A throwaway redis-server on a free port (or `port`, to start it again
 * where the portals expect it), in memory only: nothing is saved.
 */
export async function startRedis({ port } = {}) {
  const redisPort = port ?? (await freePort());
  const binary = process.env.REDIS_SERVER_PATH ?? "redis-server";
  const args = [
    "--port",
    String(redisPort),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--loglevel",
    "warning",
  ];
  const child = spawn(binary, args, { stdio: ["ignore", "ignore", "inherit"] });
  await waitForRedis(redisPort, child);
  return {
    url: `redis://127.0.0.1:${redisPort}`,
    port: redisPort,
    pid: child.pid,
    stop: () => stopChild(child),
  };
}

/**
 * A stand-in and `count` portal replicas in front of it, all with the same
 * session secret; with `redis`, a Redis they share (REDIS_URL). `restartRedis`
 * starts it again on the same port after `stopRedis`.
 */
export async function startReplicas({ count = 2, redis = true, backendEnv, portalEnv } = {}) {
  const started = [];
  const stopAll = async () => {
    for (const item of started.reverse()) await item.stop().catch(() => {});
    started.length = 0;
  };
  try {
    const backend = await startBackend({ env: backendEnv });
    started.push(backend);
    let store = redis ? await startRedis() : null;
    const redisHolder = { stop: () => store?.stop() ?? Promise.resolve() };
    if (store) started.push(redisHolder);
    const env = { ...portalEnv, ...(store ? { REDIS_URL: store.url } : {}) };
    // One after the other: starting is the heaviest moment on a busy machine.
    const portals = [];
    for (let index = 0; index < count; index += 1) {
      const portal = await startPortal({ apiUrl: backend.url, env });
      started.push(portal);
      portals.push(portal);
    }
    return {
      backendUrl: backend.url,
      portalUrls: portals.map((portal) => portal.url),
      redisUrl: store?.url ?? null,
      async stopRedis() {
        await store?.stop();
      },
      async restartRedis() {
        if (!store) throw new Error("no Redis in this setup");
        store = await startRedis({ port: store.port });
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
