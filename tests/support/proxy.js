// nginx with deploy/nginx.conf, as docker-compose.yml runs it, on loopback:
// the file is filled in from the environment the way the official image's
// entrypoint does it (envsubst of the defined variables the filter names),
// and run in the foreground as this user, everything it writes in a
// temporary folder.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { freePort } from "./stack.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const nginxConfPath = path.join(root, "deploy/nginx.conf");

/** docker-compose.yml's NGINX_ENVSUBST_FILTER: only these variables are the template's. */
export const templateFilter = "PROXY_";

/**
 * What the image's 20-envsubst-on-templates.sh does: `envsubst "$defined_envs"`,
 * where the list holds every defined variable whose name matches the filter
 * (awk's `name ~ /filter/`). `$NAME` and `${NAME}` of those are replaced; any
 * other `$…` (nginx's own variables) is left as it is.
 */
export function renderTemplate(text, env, filter = templateFilter) {
  const matches = new RegExp(filter);
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (whole, braced, bare) => {
      const name = braced ?? bare;
      return matches.test(name) && env[name] !== undefined ? env[name] : whole;
    },
  );
}

/** Resolves when something accepts connections on `port`, or throws. */
async function waitForPort(port, child, timeoutMs = 15_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on port ${port}`);
}

/**
 * nginx in front of `upstreams` (two "127.0.0.1:port"), answering to
 * `serverName` on 127.0.0.1:`port`. Every line it logs goes to `onLog(line,
 * stream)`: the access log (stdout) names the replica that answered.
 */
export async function startNginx({ upstreams, serverName, port, onLog = () => {} }) {
  const [first, second] = upstreams;
  const nginxPort = port ?? (await freePort());
  const prefix = mkdtempSync(path.join(os.tmpdir(), "portal-nginx-"));
  // Run by root, nginx's workers become `nobody`: they must reach the temp folders.
  chmodSync(prefix, 0o755);
  const env = {
    PROXY_LISTEN: `127.0.0.1:${nginxPort}`,
    PROXY_SERVER_NAME: serverName,
    PROXY_UPSTREAM_1: first,
    PROXY_UPSTREAM_2: second,
    // Fixed addresses: nothing to resolve, so no `resolve` (and any resolver will do).
    PROXY_RESOLVER: "127.0.0.1",
    PROXY_RESOLVE: "",
    PROXY_CACHE_PATH: path.join(prefix, "cache"),
  };
  const rendered = renderTemplate(readFileSync(nginxConfPath, "utf8"), env);
  const left = rendered.match(/\$\{?PROXY_\w+/);
  if (left) throw new Error(`deploy/nginx.conf names ${left[0]}, which the test does not set`);
  // The one addition: where nginx writes request bodies and buffered answers. The
  // package's defaults (/var/lib/nginx/…) belong to the system's nginx.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(prefix, kind)};`)
    .join("\n");
  const config = rendered.replace(/^http \{$/m, `http {\n${temp}`);
  if (config === rendered)
    throw new Error("deploy/nginx.conf has no `http {` line to add the temp paths to");
  const configPath = path.join(prefix, "nginx.conf");
  const pidPath = path.join(prefix, "nginx.pid");
  writeFileSync(configPath, config);

  const binary = process.env.NGINX_PATH ?? "nginx";
  const globals = `daemon off; master_process on; pid ${pidPath}; error_log stderr warn;`;
  // The file logs to /dev/stdout and /dev/stderr, which nginx opens again: they
  // must be a pipe, as in a container. Node's own stdio "pipes" are sockets,
  // which cannot be opened that way, so a shell pipes both through `cat`.
  const child = spawn(
    "/bin/sh",
    [
      "-c",
      '"$@" 2>&1 | cat',
      "sh",
      binary,
      "-e",
      "stderr",
      "-p",
      prefix,
      "-c",
      configPath,
      "-g",
      globals,
    ],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  const errors = [];
  let rest = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    // Its error log's lines start with the date; the access log's with the client.
    for (const line of lines) {
      const stream = /^\d{4}\/\d\d\/\d\d /.test(line) ? "stderr" : "stdout";
      if (stream === "stderr") errors.push(line);
      onLog(line, stream);
    }
  });
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  try {
    await waitForPort(nginxPort, child);
  } catch (error) {
    try {
      process.kill(Number(readFileSync(pidPath, "utf8")), "SIGKILL");
    } catch {
      // never started
    }
    child.kill("SIGKILL");
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : error}\n${errors.join("\n")}`);
  }
  return {
    url: `http://127.0.0.1:${nginxPort}`,
    port: nginxPort,
    config,
    async stop() {
      if (child.exitCode === null) {
        // SIGQUIT to nginx's master: its graceful stop (the official image's STOPSIGNAL).
        try {
          process.kill(Number(readFileSync(pidPath, "utf8")), "SIGQUIT");
        } catch {
          child.kill("SIGTERM");
        }
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
