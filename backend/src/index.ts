/**
 * `npm run backend`: the stand-in of the company API with demo data.
 * Configuration by environment (see backend/README.md).
 */
import path from "node:path";

import { DEMO } from "./config.js";
import { DEFAULT_DATA_DIR, startBackend } from "./server.js";

function integer(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be an integer of at least ${min}, not "${raw}"`);
    process.exit(1);
  }
  return value;
}

const env = (name: string) => process.env[name] || undefined;
const dataDir = path.resolve(env("BACKEND_DATA_DIR") ?? DEFAULT_DATA_DIR);

try {
  const backend = await startBackend({
    port: integer("BACKEND_PORT", 8000, 0),
    host: env("BACKEND_HOST") ?? "127.0.0.1",
    dataDir,
    dbFile: env("BACKEND_DB") && path.resolve(env("BACKEND_DB")!),
    mediaDir: env("BACKEND_MEDIA_DIR") && path.resolve(env("BACKEND_MEDIA_DIR")!),
    outboxFile: env("BACKEND_OUTBOX") && path.resolve(env("BACKEND_OUTBOX")!),
    jwtSecret: env("BACKEND_JWT_SECRET"),
    adminFlag: env("ADMIN_FLAG") ?? "is_portal_admin",
    accessSeconds: integer("BACKEND_ACCESS_SECONDS", 300, 1),
    refreshSeconds: integer("BACKEND_REFRESH_SECONDS", 86400, 1),
    codeTtlSeconds: integer("BACKEND_CODE_TTL_SECONDS", 900, 1),
    codeThrottleSeconds: integer("BACKEND_CODE_THROTTLE_SECONDS", 60, 0),
  });
  console.log(
    `Backend stand-in at ${backend.url}/api/v1/ (data: ${dataDir}${backend.seeded ? ", demo data written" : ""}) — ` +
      `admin ${DEMO.admin.email} / ${DEMO.admin.password}, resident ${DEMO.resident.email} / ${DEMO.resident.password}; ` +
      `codes: ${backend.url}/__outbox/?email=<e-mail>`,
  );
  const stop = () => {
    void backend.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
} catch (error) {
  console.error(
    `The backend stand-in could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
