/**
 * A signed or sealed cookie whose verified values are remembered.
 *
 * Checking a cookie (a signature with WebCrypto, or decrypting the session,
 * app/server/http/sealed-cookie.server.ts) on every request costs server time on
 * every signed-in page (docs/decisions/006). A resident's browser sends the
 * same session cookie with every request until it changes, and the same
 * string always reads as the same value under the process's secrets, so a
 * value once verified is remembered (as its JSON: each parse still returns
 * fresh objects). Bounded: the oldest values go first.
 */
import type { Cookie } from "react-router";

import { BoundedMap } from "~/utils/cache/bounded-map";

/** The raw value of one cookie in a Cookie header (only a key for the memory: React Router still parses it). */
export function rawCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function rememberVerified(cookie: Cookie, maxEntries = 2000): Cookie {
  const verified = new BoundedMap<string, string>(maxEntries);
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      const raw = header ? rawCookie(header, cookie.name) : undefined;
      const known = raw ? verified.get(raw) : undefined;
      if (known !== undefined) return JSON.parse(known) as unknown;
      const value: unknown = await cookie.parse(header, options);
      if (raw && value !== null && value !== undefined && value !== "") {
        verified.set(raw, JSON.stringify(value));
      }
      return value;
    },
  };
}
