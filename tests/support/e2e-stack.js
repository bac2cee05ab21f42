// Playwright's web server: the stand-in (fresh data) and the portal on fixed ports.
import { startStack } from "./stack.js";

const stack = await startStack({
  backendPort: Number(process.env.E2E_BACKEND_PORT ?? 8765),
  portalPort: Number(process.env.E2E_PORTAL_PORT ?? 3456),
  // The tests stand where a proxy would: X-Forwarded-* from loopback count (HTTPS, clients).
  // Every parallel test signs in, asks for codes and mistypes from 127.0.0.1: far more
  // than one resident. The abuse limits are tested with their defaults in limits.spec.ts.
  portalEnv: {
    NODE_ENV: "production",
    TRUST_PROXY: "loopback",
    LIMIT_CODE_TRIES_PER_CLIENT: "100000",
    LIMIT_CODE_REQUESTS_PER_CLIENT: "100000",
    LIMIT_LOGIN_FAILURES_PER_CLIENT: "100000",
    LIMIT_ATTACH_FAILURES_PER_CLIENT: "100000",
  },
});
console.log(`e2e stack: portal ${stack.portalUrl}, backend ${stack.backendUrl}`);
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
