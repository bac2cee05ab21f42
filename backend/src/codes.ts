/**
 * E-mailed codes: 4 digits (1000..9999), valid 15 minutes, one per purpose
 * and e-mail (a new request replaces it), registration codes unique among
 * pending registrations, reset codes revoked after 5 wrong tries, requests
 * throttled to one per e-mail and purpose every 60 s. All state is in the DB.
 */
import { randomInt } from "node:crypto";

import type { AppContext } from "./config.js";
import { throttled } from "./errors.js";
import type { CodePurpose } from "./outbox.js";
import { nowMicros } from "./time.js";

export const MAX_RESET_FAILURES = 5;
const SECOND = 1_000_000;

/** Throws a 429 when a code was requested for this e-mail less than 60 s ago; records this request otherwise. */
export function throttleCodeRequest(
  { db, config }: AppContext,
  purpose: CodePurpose,
  email: string,
): void {
  const now = nowMicros();
  const window = config.codeThrottleSeconds * SECOND;
  db.transaction(() => {
    const row = db
      .prepare("SELECT requested_at FROM code_requests WHERE purpose = ? AND email = ?")
      .get(purpose, email) as { requested_at: number } | undefined;
    if (row) {
      const elapsed = now - row.requested_at;
      if (elapsed < window) throw throttled((window - elapsed) / SECOND);
    }
    db.prepare(
      `INSERT INTO code_requests (purpose, email, requested_at) VALUES (?, ?, ?)
       ON CONFLICT (purpose, email) DO UPDATE SET requested_at = excluded.requested_at`,
    ).run(purpose, email, now);
  })();
}

/** Creates (or replaces) the code for this purpose and e-mail. */
export function issueCode({ db, config }: AppContext, purpose: CodePurpose, email: string): number {
  const now = nowMicros();
  return db.transaction(() => {
    db.prepare("DELETE FROM codes WHERE expires_at <= ?").run(now);
    let code = randomInt(1000, 10000);
    if (purpose === "register") {
      const taken = db.prepare(
        "SELECT 1 FROM codes WHERE purpose = 'register' AND code = ? AND email <> ?",
      );
      for (let tries = 0; taken.get(code, email); tries++) {
        if (tries > 20_000) throw new Error("no free registration code");
        code = randomInt(1000, 10000);
      }
    }
    db.prepare(
      `INSERT INTO codes (purpose, email, code, expires_at, failed_attempts, created_at) VALUES (?, ?, ?, ?, 0, ?)
       ON CONFLICT (purpose, email) DO UPDATE SET code = excluded.code, expires_at = excluded.expires_at,
         failed_attempts = 0, created_at = excluded.created_at`,
    ).run(purpose, email, code, now + config.codeTtlSeconds * SECOND, now);
    return code;
  })();
}

/** The e-mail of the pending registration with this code, if it is valid. */
export function pendingRegistration({ db }: AppContext, code: number): string | undefined {
  const row = db
    .prepare("SELECT email FROM codes WHERE purpose = 'register' AND code = ? AND expires_at > ?")
    .get(code, nowMicros()) as { email: string } | undefined;
  return row?.email;
}

export function deleteCode({ db }: AppContext, purpose: CodePurpose, email: string): void {
  db.prepare("DELETE FROM codes WHERE purpose = ? AND email = ?").run(purpose, email);
}

/**
 * Checks a reset code. A wrong try counts; the 5th wrong try revokes the
 * code. Returns whether the code was right (and still valid).
 */
export function checkResetCode({ db }: AppContext, email: string, code: number): boolean {
  const now = nowMicros();
  return db.transaction(() => {
    const row = db
      .prepare(
        "SELECT code, expires_at, failed_attempts FROM codes WHERE purpose = 'reset' AND email = ?",
      )
      .get(email) as { code: number; expires_at: number; failed_attempts: number } | undefined;
    if (!row || row.expires_at <= now) return false;
    if (row.code === code) return true;
    if (row.failed_attempts + 1 >= MAX_RESET_FAILURES) {
      db.prepare("DELETE FROM codes WHERE purpose = 'reset' AND email = ?").run(email);
    } else {
      db.prepare(
        "UPDATE codes SET failed_attempts = failed_attempts + 1 WHERE purpose = 'reset' AND email = ?",
      ).run(email);
    }
    return false;
  })();
}
