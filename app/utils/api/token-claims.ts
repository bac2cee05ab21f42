/**
 * Who is signed in, decoded (never verified: the backend signs and checks)
 * from the access token's claims. A token that cannot be decoded means an
 * unknown user: signed out.
 */
import { jwtDecode } from "jwt-decode";

import { BoundedMap } from "~/utils/cache/bounded-map";
import type { Role } from "~/utils/site-map/pages";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
}

interface AccessClaims {
  token_type?: string;
  exp?: number;
  id?: number;
  user_id?: number;
  email?: string;
  first_name?: string;
  last_name?: string;
  phone?: string | null;
  [flag: string]: unknown;
}

/**
 * A token's claims, decoded once: a request reads them three times (the user,
 * then each backend call checks the expiry), and decoding is not free.
 * Bounded: the most recent few hundred tokens.
 */
const decoded = new BoundedMap<string, AccessClaims>(500);
function claimsOf(token: string): AccessClaims {
  let claims = decoded.get(token);
  if (!claims) {
    claims = jwtDecode<AccessClaims>(token);
    decoded.set(token, claims);
  }
  return claims;
}

export function decodeUser(access: string | undefined, adminFlag: string): SessionUser | null {
  if (!access) return null;
  try {
    const claims = claimsOf(access);
    const id = claims.id ?? claims.user_id;
    if (typeof id !== "number" || typeof claims.email !== "string") return null;
    return {
      id,
      email: claims.email,
      firstName: claims.first_name ?? "",
      lastName: claims.last_name ?? "",
      phone: claims.phone ?? null,
      role: claims[adminFlag] === true ? "admin" : "customer",
    };
  } catch {
    return null;
  }
}

/** A token's `exp` (seconds since epoch), or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = claimsOf(token);
    return typeof exp === "number" ? exp : null;
  } catch {
    return null;
  }
}

/** Expired, or expiring within `skewSeconds`: refresh before using it. */
export function isExpired(token: string, nowMs = Date.now(), skewSeconds = 5) {
  const exp = tokenExpiry(token);
  return exp === null || exp * 1000 <= nowMs + skewSeconds * 1000;
}
