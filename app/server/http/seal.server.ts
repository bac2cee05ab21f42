/**
 * Authenticated encryption (AES-256-GCM) of a text under a 256-bit key, as
 * cookie- and store-safe base64url of IV, ciphertext and tag. The session
 * cookie (./sealed-cookie.server.ts) and the shared refresh results
 * (app/server/api/client.server.ts) seal with it, each under a key of its own.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The plaintext sealed under `key`: base64url of IV, ciphertext and tag (all cookie-safe characters). */
export function seal(plaintext: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The plaintext, when one of `keys` sealed it and nothing was changed since; otherwise null. */
export function unseal(sealed: string, keys: readonly Buffer[]): string | null {
  if (!/^[\w-]+$/.test(sealed)) return null;
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  const iv = bytes.subarray(0, IV_BYTES);
  const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  for (const key of keys) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // Not this key (or tampered with): try the next one.
    }
  }
  return null;
}
