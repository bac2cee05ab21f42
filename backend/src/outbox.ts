/**
 * "Sending" e-mail: every code is appended to a JSON-lines file (the outbox)
 * and printed on the console. `GET /__outbox/?email=...` reads it back; that
 * route exists only in the stand-in (the real backend sends real e-mail).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { BackendConfig } from "./config.js";
import { formatTime, nowMicros } from "./time.js";

export type CodePurpose = "register" | "reset";

export interface OutboxEntry {
  email: string;
  code: number;
  purpose: CodePurpose;
  at: string;
}

export function sendCode(
  config: BackendConfig,
  email: string,
  code: number,
  purpose: CodePurpose,
): OutboxEntry {
  const entry: OutboxEntry = { email, code, purpose, at: formatTime(nowMicros()) };
  mkdirSync(path.dirname(config.outboxFile), { recursive: true });
  appendFileSync(config.outboxFile, `${JSON.stringify(entry)}\n`);
  if (!config.quiet) {
    const what = purpose === "register" ? "registration" : "password reset";
    console.log(`[outbox] ${what} code ${code} for ${email}`);
  }
  return entry;
}

/** The entries for one e-mail (lowercased), or all of them, newest first. */
export function readOutbox(config: BackendConfig, email?: string): OutboxEntry[] {
  if (!existsSync(config.outboxFile)) return [];
  const wanted = email?.trim().toLowerCase();
  const entries: OutboxEntry[] = [];
  for (const line of readFileSync(config.outboxFile, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as OutboxEntry;
      if (!wanted || entry.email.toLowerCase() === wanted) entries.push(entry);
    } catch {
      // a torn line: skip it
    }
  }
  return entries.reverse();
}
