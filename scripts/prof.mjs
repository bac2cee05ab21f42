import { startBackend } from "/work/main/tests/support/stack.js";
import { spawn } from "node:child_process";
import autocannon from "autocannon";
const path = process.argv[2] ?? "/";
let cookie = process.argv[3];
const backend = await startBackend({});
const child = spawn(process.execPath, [...(process.env.EXTRA ? process.env.EXTRA.split(" ") : []), "--cpu-prof", "--cpu-prof-dir=/tmp/prof", "scripts/start.js"], { env: { ...process.env, NODE_ENV: "production", API_URL: backend.url, SESSION_SECRET: "x".repeat(40), PORT: "3999" }, stdio: "inherit" });
for (let i = 0; i < 100; i++) { try { await fetch("http://127.0.0.1:3999/healthz"); break; } catch { await new Promise((r) => setTimeout(r, 100)); } }
if (cookie === "resident") {
  const r = await fetch("http://127.0.0.1:3999/auth", { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=resident%40example.com&password=resident12345" });
  cookie = r.headers.getSetCookie().map((c) => c.split(";")[0]).filter((c) => !c.startsWith("__toast")).join("; ");
}
try {
  const run = (connections, duration) => new Promise((res) => autocannon({ url: "http://127.0.0.1:3999" + path, connections, duration, headers: cookie ? { cookie } : {} }, (e, r) => res(r)));
  await run(10, 2);
  const r = await run(50, 6);
  console.log("rps", r.requests.average, "p50", r.latency.p50, "non2xx", r.non2xx);
  const s = await run(1, 4);
  console.log("1c p50", s.latency.p50, "rps", s.requests.average);
} finally { child.kill("SIGTERM"); await new Promise((r) => child.on("exit", r)); await backend.stop(); }
