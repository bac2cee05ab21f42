/**
 * The stand-in's configuration, on stand-ins this file starts itself:
 * short token lifetimes (expiry), short code lifetimes and throttle
 * (replacement of a code), and another ADMIN_FLAG.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import {
  decodeJwt,
  sleep,
  type ErrorBody,
  type OutboxEntry,
  type TokenPair,
  type User,
} from "../helpers.js";
import { startLocal, type LocalBackend } from "../local.js";

const sleepUntil = (epochMs: number) => sleep(Math.max(0, epochMs - Date.now()));

describe("token lifetimes (accessSeconds 1, refreshSeconds 2)", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocal({ accessSeconds: 1, refreshSeconds: 2 });
  });
  afterAll(() => backend.destroy());

  const loginResident = async () => {
    const response = await backend.request<TokenPair>("POST", "client/users/login/", {
      json: { email: "resident@example.com", password: "resident12345" },
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  test("an expired access token is 401 token_not_valid; refresh works until the refresh token expires", async () => {
    const [a, b] = await Promise.all([loginResident(), loginResident()]);
    const claims = decodeJwt(a.access).payload as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBe(1);
    const refreshClaims = decodeJwt(a.refresh).payload as { exp: number; iat: number };
    expect(refreshClaims.exp - refreshClaims.iat).toBe(2);

    // `exp` is in whole seconds: just past it, the access token is expired and the refresh token is not
    // (it lives until iat + 2), so every step below has about 0.9 s of slack.
    await sleepUntil((claims.exp + 0.1) * 1000);
    const refreshed = await backend.request<TokenPair>("POST", "client/users/refresh/", {
      json: { refresh: a.refresh },
    });
    expect(refreshed.status).toBe(200);
    expect(
      (await backend.request("GET", "client/users/me/", { token: refreshed.body.access })).status,
    ).toBe(200);

    const expired = await backend.request<ErrorBody>("GET", "client/users/me/", {
      token: a.access,
    });
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0]!.code).toBe("token_not_valid");
    // Even on a public endpoint.
    const onPublic = await backend.request<ErrorBody>("GET", "client/posts/", { token: a.access });
    expect(onPublic.status).toBe(401);
    expect(onPublic.body.errors[0]!.code).toBe("token_not_valid");

    await sleepUntil(((decodeJwt(b.refresh).payload.exp as number) + 0.1) * 1000);
    const late = await backend.request<ErrorBody>("POST", "client/users/refresh/", {
      json: { refresh: b.refresh },
    });
    expect(late.status).toBe(401);
    expect(late.body.errors[0]!.code).toBe("token_not_valid");
  });
});

describe("codes (codeThrottleSeconds 1; codeTtlSeconds 1)", () => {
  let throttled: LocalBackend;
  let shortLived: LocalBackend;
  beforeAll(async () => {
    [throttled, shortLived] = await Promise.all([
      startLocal({ codeThrottleSeconds: 1 }),
      startLocal({ codeTtlSeconds: 1 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([throttled.destroy(), shortLived.destroy()]);
  });

  const outbox = async (backend: LocalBackend, email: string) =>
    (await backend.request<OutboxEntry[]>("GET", `/__outbox/?email=${encodeURIComponent(email)}`))
      .body;

  test("a new register_email after the throttle replaces the code", async () => {
    const email = "replace-me@example.com";
    expect(
      (await throttled.request("POST", "client/users/register_email/", { json: { email } })).status,
    ).toBe(200);
    expect(
      (await throttled.request("POST", "client/users/register_email/", { json: { email } })).status,
    ).toBe(429);
    await sleep(1050);
    expect(
      (await throttled.request("POST", "client/users/register_email/", { json: { email } })).status,
    ).toBe(200);
    const [newest, oldest] = await outbox(throttled, email);
    expect(newest!.at > oldest!.at).toBe(true);
    expect(
      (
        await throttled.request("POST", "client/users/check_code/", {
          json: { code: newest!.code },
        })
      ).status,
    ).toBe(200);
    if (newest!.code !== oldest!.code) {
      // Still within its 15 minutes, but replaced.
      expect(
        (
          await throttled.request("POST", "client/users/check_code/", {
            json: { code: oldest!.code },
          })
        ).status,
      ).toBe(400);
    }
  });

  test("registration codes are unique among pending registrations", async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `unique-${index}@example.com`);
    await Promise.all(
      emails.map((email) =>
        throttled.request("POST", "client/users/register_email/", { json: { email } }),
      ),
    );
    const codes = await Promise.all(
      emails.map(async (email) => (await outbox(throttled, email))[0]!.code),
    );
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => code >= 1000 && code <= 9999)).toBe(true);
  });

  test("codes expire", async () => {
    const email = "expire-me@example.com";
    expect(
      (await shortLived.request("POST", "client/users/register_email/", { json: { email } }))
        .status,
    ).toBe(200);
    const [entry] = await outbox(shortLived, email);
    await sleep(1100);
    const response = await shortLived.request<ErrorBody>("POST", "client/users/check_code/", {
      json: { code: entry!.code },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ code: "invalid", attr: "code" });
  });
});

describe("ADMIN_FLAG names the claim, the field and the filter", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startLocal({ adminFlag: "is_estate_admin" });
  });
  afterAll(() => backend.destroy());

  test("is_estate_admin everywhere instead of is_portal_admin", async () => {
    const pair = (
      await backend.request<TokenPair>("POST", "client/users/login/", {
        json: { email: "admin@example.com", password: "admin12345" },
      })
    ).body;
    const claims = decodeJwt(pair.access).payload;
    expect(claims.is_estate_admin).toBe(true);
    expect(claims).not.toHaveProperty("is_portal_admin");
    const me = await backend.request<User>("GET", "client/users/me/", { token: pair.access });
    expect(me.body.is_estate_admin).toBe(true);
    const admins = await backend.request<{ results: User[] }>(
      "GET",
      "admin/users/?is_estate_admin=true&page_size=100",
      { token: pair.access },
    );
    expect(admins.body.results.length).toBeGreaterThan(0);
    expect(admins.body.results.every((user) => user.is_estate_admin === true)).toBe(true);
    const created = await backend.request<User>("POST", "admin/users/", {
      token: pair.access,
      json: {
        email: "flagged@example.com",
        password: "Flagged-42",
        first_name: "Иван",
        last_name: "Флагов",
        is_estate_admin: true,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.is_estate_admin).toBe(true);
  });
});
