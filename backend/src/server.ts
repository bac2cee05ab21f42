/** Starting and stopping the stand-in (used by index.ts and by the tests). */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAdaptorServer } from "@hono/node-server";

import { createApp } from "./app.js";
import { Tokens } from "./auth.js";
import type { BackendConfig } from "./config.js";
import { getMeta, openDatabase, setMeta } from "./db.js";
import { seedIfEmpty } from "./seed.js";

export interface StartBackendOptions {
  /** 0 picks a free port. Default 8000. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default backend/data. */
  dataDir?: string;
  /** Default <dataDir>/db.sqlite. */
  dbFile?: string;
  /** Default <dataDir>/media. */
  mediaDir?: string;
  /** Default <dataDir>/outbox.jsonl. */
  outboxFile?: string;
  /** Default 300. */
  accessSeconds?: number;
  /** Default 86400. */
  refreshSeconds?: number;
  /** Default is_portal_admin. */
  adminFlag?: string;
  /** Default: generated once and kept in the database. */
  jwtSecret?: string;
  /** Validity of e-mailed codes. Default 900 (15 minutes). */
  codeTtlSeconds?: number;
  /** Minimum time between code requests for one e-mail. Default 60. */
  codeThrottleSeconds?: number;
  /** No console output. */
  quiet?: boolean;
}

export interface RunningBackend {
  /** The origin, e.g. http://127.0.0.1:8000 (API under /api/v1/). */
  url: string;
  /** Whether demo data was written on this start (a fresh database). */
  seeded: boolean;
  close(): Promise<void>;
}

export const BACKEND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_DATA_DIR = path.join(BACKEND_DIR, "data");

export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const dataDir = path.resolve(options.dataDir ?? DEFAULT_DATA_DIR);
  const dbFile = path.resolve(dataDir, options.dbFile ?? "db.sqlite");
  const mediaDir = path.resolve(dataDir, options.mediaDir ?? "media");
  const outboxFile = path.resolve(dataDir, options.outboxFile ?? "outbox.jsonl");
  const adminFlag = options.adminFlag ?? "is_portal_admin";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(adminFlag))
    throw new Error(`ADMIN_FLAG must be an identifier, not "${adminFlag}"`);
  for (const dir of [dataDir, path.dirname(dbFile), mediaDir, path.dirname(outboxFile)])
    mkdirSync(dir, { recursive: true });

  const db = openDatabase(dbFile);
  try {
    let jwtSecret = options.jwtSecret;
    if (!jwtSecret) {
      jwtSecret = getMeta(db, "jwt_secret");
      if (!jwtSecret) {
        jwtSecret = randomBytes(32).toString("hex");
        setMeta(db, "jwt_secret", jwtSecret);
      }
    }
    const config: BackendConfig = {
      adminFlag,
      accessSeconds: options.accessSeconds ?? 300,
      refreshSeconds: options.refreshSeconds ?? 86400,
      jwtSecret,
      mediaDir,
      outboxFile,
      codeTtlSeconds: options.codeTtlSeconds ?? 15 * 60,
      codeThrottleSeconds: options.codeThrottleSeconds ?? 60,
      quiet: options.quiet ?? false,
    };
    const seeded = await seedIfEmpty(db, config);
    new Tokens(db, config).flushExpired();

    const app = createApp({
      db,
      config,
      logError: (error) => console.error("[backend] unexpected error:", error),
    });
    // HEAD is GET without a body, with GET's headers (Hono's own HEAD handling drops them under node-server).
    const fetch = async (request: Request): Promise<Response> => {
      if (request.method !== "HEAD") return app.fetch(request);
      const response = await app.fetch(new Request(request, { method: "GET" }));
      return new Response(null, {
        status: response.status,
        statusText: response.statusText,
        headers: new Headers(response.headers),
      });
    };
    const server = createAdaptorServer({ fetch });
    const host = options.host ?? "127.0.0.1";
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 8000, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

    let closing: Promise<void> | undefined;
    return {
      url,
      seeded,
      close() {
        closing ??= new Promise<void>((resolve) => {
          server.close(() => {
            db.close();
            resolve();
          });
          if ("closeAllConnections" in server)
            (server as { closeAllConnections(): void }).closeAllConnections();
        });
        return closing;
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
