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
import { hkdfSync } from "node:crypto";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

import { rawCookie } from "~/server/http/remembered-cookie.server";
import { seal, unseal } from "~/server/http/seal.server";

/** A 256-bit key for the session cookie only: HKDF's info keeps it apart from any other use of the secret. */
export function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "portal session cookie", "aes-256-gcm v1", 32));
}

export function sealedCookie(
  name: string,
  secrets: readonly string[],
  options: Omit<CookieOptions, "secrets">,
): Cookie {
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
