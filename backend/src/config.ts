/** Runtime configuration shared by every module of the stand-in. */
import type { Database } from "./db.js";

export interface BackendConfig {
  /** Name of the admin flag: the JWT claim, the User/AdminUser field and the admin users filter. */
  adminFlag: string;
  /** Access token lifetime in seconds (simplejwt default: 5 minutes). */
  accessSeconds: number;
  /** Refresh token lifetime in seconds (simplejwt default: 1 day). */
  refreshSeconds: number;
  /** HS256 signing key. */
  jwtSecret: string;
  /** Folder of uploaded and seeded files, served under /media/. */
  mediaDir: string;
  /** JSON-lines file where "sent" e-mails (codes) are appended. */
  outboxFile: string;
  /** How long an e-mailed code stays valid (15 minutes). */
  codeTtlSeconds: number;
  /** Minimum time between two code requests for one e-mail (60 s). */
  codeThrottleSeconds: number;
  /** No console output (tests). */
  quiet: boolean;
}

export interface AppContext {
  db: Database;
  config: BackendConfig;
}

/** The company's time zone: Asia/Yakutsk, a fixed +09:00 offset (no DST since 2014). */
export const TZ_OFFSET_MINUTES = 9 * 60;
export const TZ_SUFFIX = "+09:00";

export const DEMO = {
  admin: { email: "admin@example.com", password: "admin12345" },
  resident: { email: "resident@example.com", password: "resident12345" },
} as const;
