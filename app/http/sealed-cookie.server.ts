/**
 * A cookie whose value is encrypted and authenticated (AES-256-GCM), for the
 * session: it holds the backend's tokens, which must not be readable by
 * whoever gets hold of the cookie (a signed cookie is only base64 JSON).
 *
 * It is a React Router `Cookie` (name, isSigned, expires, parse, serialize),
 * the interface `createCookieSessionStorage` takes instead of cookie options.
 * Each secret of the comma list gives its own key through HKDF; the first
 * encrypts, any of them decrypts, so secrets rotate without signing anyone
 * out. A value that does not decrypt under any key reads as no value.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { rawCookie } from "~/http/remembered-cookie.server";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 256-bit key for the session cookie only: HKDF's info keeps it apart from any other use of the secret. */
export function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "portal session cookie", "aes-256-gcm v1", 32));
}

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

export function sealedCookie(name: string, secrets: readonly string[], options: Omit<CookieOptions, "secrets">): Cookie {
  if (secrets.length === 0) throw new Error(`The cookie ${name} needs at least one secret`);
  const keys = secrets.map(sessionKey);
  // Unsigned, only for the attributes (Path, HttpOnly, SameSite, Expires...) and clearing.
  const plain = createCookie(name, options);
  return {
    name,
    isSigned: true,
    get expires() {
      return plain.expires;
    },
    async parse(header) {
      const raw = header ? rawCookie(header, name) : undefined;
      if (!raw) return null;
      const json = unseal(raw, keys);
      if (json === null) return null;
      try {
        return JSON.parse(json) as unknown;
      } catch {
        return null;
      }
    },
    async serialize(value, serializeOptions) {
      // Clearing (destroySession) needs no value.
      if (value === "") return plain.serialize("", serializeOptions);
      // The attributes as React Router writes them, after the sealed value instead of an empty one.
      const attributes = (await plain.serialize("", serializeOptions)).slice(name.length + 1);
      return `${name}=${seal(JSON.stringify(value), keys[0])}${attributes}`;
    },
  };
}
