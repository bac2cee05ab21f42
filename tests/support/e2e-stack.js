// Playwright's web server: the stand-in (fresh data) and the portal on fixed ports.
import { startStack } from "./stack.js";

const stack = await startStack({
  backendPort: Number(process.env.E2E_BACKEND_PORT ?? 8765),
  portalPort: Number(process.env.E2E_PORTAL_PORT ?? 3456),
  // The tests stand where a proxy would: X-Forwarded-* from loopback count (HTTPS, clients).
  portalEnv: { NODE_ENV: "production", TRUST_PROXY: "loopback" },
});
console.log(`e2e stack: portal ${stack.portalUrl}, backend ${stack.backendUrl}`);
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
