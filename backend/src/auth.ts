/**
 * Passwords (scrypt, per-user salt) and tokens (HS256 JWTs through jose,
 * simplejwt's claims and behaviour). Refresh tokens are recorded in the
 * database and revoked on rotation, so a refresh token works once.
 */
import {
  randomBytes,
  randomUUID,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";
import { jwtVerify, SignJWT, type JWTPayload } from "jose";

import type { BackendConfig } from "./config.js";
import type { Database } from "./db.js";
import {
  accessTokenNotValid,
  authenticationFailed,
  detailDictError,
  notAuthenticated,
  permissionDenied,
  refreshTokenNotValid,
} from "./errors.js";
import { getUserById, type UserRow } from "./user-model.js";

// ---------------------------------------------------------------- passwords

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, keylen, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keylen } = SCRYPT;
  const hash = await scrypt(password, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;
/** Spends the time of a real check when there is no user, so timing reveals nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomUUID());
  await verifyPassword(password, await dummyHash);
}

// ---------------------------------------------------------------- tokens

export interface TokenPair {
  access: string;
  refresh: string;
}

const epoch = () => Math.floor(Date.now() / 1000);
const newJti = () => randomUUID().replace(/-/g, "");

export class Tokens {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Database,
    private readonly config: BackendConfig,
  ) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  private sign(payload: JWTPayload): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(this.key);
  }

  /** A new access and refresh pair for `user`; the refresh token is recorded. */
  async issue(user: UserRow): Promise<TokenPair> {
    const iat = epoch();
    const access = await this.sign({
      token_type: "access",
      exp: iat + this.config.accessSeconds,
      iat,
      jti: newJti(),
      user_id: user.id,
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      phone: user.phone,
      [this.config.adminFlag]: user.is_admin === 1,
    });
    const refreshJti = newJti();
    const refreshExp = iat + this.config.refreshSeconds;
    const refresh = await this.sign({
      token_type: "refresh",
      exp: refreshExp,
      iat,
      jti: refreshJti,
      user_id: user.id,
    });
    this.db
      .prepare("INSERT INTO refresh_tokens (jti, user_id, expires_at) VALUES (?, ?, ?)")
      .run(refreshJti, user.id, refreshExp * 1_000_000);
    return { access, refresh };
  }

  private async decode(token: string): Promise<JWTPayload | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      return payload;
    } catch {
      return null;
    }
  }

  /**
   * simplejwt's JWTAuthentication: no `Authorization: Bearer …` header means
   * anonymous (null); a bad header or token is a 401; a valid token of a
   * deleted or inactive user is `authentication_failed`, with `user_not_found`
   * / `user_inactive` as the detail of its `code` entry.
   */
  async authenticate(header: string | undefined): Promise<UserRow | null> {
    if (!header) return null;
    const parts = header.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0 || parts[0] !== "Bearer") return null;
    if (parts.length !== 2) {
      throw detailDictError(
        401,
        "bad_authorization_header",
        "Authorization header must contain two space-delimited values",
      );
    }
    const payload = await this.decode(parts[1]!);
    if (!payload) throw accessTokenNotValid("Token is invalid or expired");
    if (payload.token_type !== "access") throw accessTokenNotValid("Token has wrong type");
    if (typeof payload.jti !== "string") throw accessTokenNotValid("Token has no id");
    const userId = payload.user_id;
    if (typeof userId !== "number" && typeof userId !== "string") {
      throw detailDictError(
        401,
        "token_not_valid",
        "Token contained no recognizable user identification",
      );
    }
    const user = getUserById(this.db, Number(userId));
    if (!user) throw authenticationFailed("user_not_found", "User not found");
    if (user.is_active !== 1) throw authenticationFailed("user_inactive", "User is inactive");
    return user;
  }

  /** Stand-in only (GET /__stats/): refresh calls answered, for tests of the portal's single-flight. */
  readonly stats = { refreshes: 0, refreshesRefused: 0 };

  /** simplejwt's TokenRefreshView with ROTATE_REFRESH_TOKENS and BLACKLIST_AFTER_ROTATION. */
  async refresh(token: string): Promise<TokenPair> {
    try {
      const pair = await this.rotate(token);
      this.stats.refreshes += 1;
      return pair;
    } catch (error) {
      this.stats.refreshesRefused += 1;
      throw error;
    }
  }

  private async rotate(token: string): Promise<TokenPair> {
    const payload = await this.decode(token);
    if (!payload) throw refreshTokenNotValid("Token is invalid or expired");
    if (payload.token_type !== "refresh") throw refreshTokenNotValid("Token has wrong type");
    if (typeof payload.jti !== "string") throw refreshTokenNotValid("Token has no id");
    const user = getUserById(this.db, Number(payload.user_id));
    if (!user || user.is_active !== 1) throw refreshTokenNotValid("Token is invalid or expired");
    // Revoke it atomically: of two concurrent refreshes with one token, one wins.
    const revoked = this.db
      .prepare(
        `INSERT INTO refresh_tokens (jti, user_id, expires_at, revoked_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (jti) DO UPDATE SET revoked_at = excluded.revoked_at WHERE refresh_tokens.revoked_at IS NULL`,
      )
      .run(payload.jti, user.id, (payload.exp ?? 0) * 1_000_000, Date.now() * 1000);
    if (revoked.changes === 0) throw refreshTokenNotValid("Token is blacklisted");
    return this.issue(user);
  }

  /** simplejwt's flushexpiredtokens. */
  flushExpired(): void {
    this.db.prepare("DELETE FROM refresh_tokens WHERE expires_at < ?").run(Date.now() * 1000);
  }
}

export type AuthMode = "none" | "public" | "token" | "admin";

/**
 * DRF's `initial()`: authentication for every mode but `none` (login,
 * refresh), then the permission: `token` needs a user (401), `admin` an
 * admin (403).
 */
export async function authorize(
  tokens: Tokens,
  mode: AuthMode,
  header: string | undefined,
): Promise<UserRow | null> {
  if (mode === "none") return null;
  const user = await tokens.authenticate(header);
  if (mode === "public") return user;
  if (!user) throw notAuthenticated();
  if (mode === "admin" && user.is_admin !== 1) throw permissionDenied();
  return user;
}
