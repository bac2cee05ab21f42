/** Tokens: login, refresh with rotation, me, and the 401 codes of a valid token of a bad user. */
import { describe, expect, test } from "vitest";

import {
  ADMIN,
  adminToken,
  call,
  createUser,
  decodeJwt,
  expectError,
  expectKeys,
  FLAG,
  get,
  ISO_TIME,
  login,
  post,
  RESIDENT,
  USER_KEYS,
  type ErrorBody,
  type Response,
  type TokenPair,
  type User,
} from "./helpers.js";

/**
 * A 401 about the token's user, as the contract allows it: `code` as the
 * first entry's code, or (stock simplejwt with drf-standardized-errors)
 * `authentication_failed` entries, one of which has `code` as its detail.
 */
function expectGoneUser(response: Response<unknown>, code: string) {
  const first = (response.body as ErrorBody | undefined)?.errors?.[0]?.code;
  const body = expectError(response, 401, first === code ? code : "authentication_failed");
  if (first !== code)
    expect(
      body.errors.map((error) => error.detail),
      response.text,
    ).toContain(code);
}

const ACCESS_SECONDS = Number(process.env.CONTRACT_ACCESS_SECONDS ?? 300);
const REFRESH_SECONDS = Number(process.env.CONTRACT_REFRESH_SECONDS ?? 86400);

describe("POST client/users/login/", () => {
  test("answers an HS256 access and refresh pair with the contract's claims", async () => {
    const response = await post<TokenPair>("client/users/login/", {
      email: RESIDENT.email,
      password: RESIDENT.password,
    });
    expect(response.status, response.text).toBe(200);
    expectKeys(response.body, ["access", "refresh"]);
    const access = decodeJwt(response.body.access);
    const refresh = decodeJwt(response.body.refresh);
    expect(access.header.alg).toBe("HS256");
    expect(refresh.header.alg).toBe("HS256");
    expectKeys(access.payload, [
      "token_type",
      "exp",
      "iat",
      "jti",
      "user_id",
      "id",
      "email",
      "first_name",
      "last_name",
      "phone",
      FLAG,
    ]);
    expectKeys(refresh.payload, ["token_type", "exp", "iat", "jti", "user_id"]);
    expect(access.payload.token_type).toBe("access");
    expect(refresh.payload.token_type).toBe("refresh");
    expect(access.payload.email).toBe(RESIDENT.email);
    expect(access.payload[FLAG]).toBe(false);
    expect(access.payload.user_id).toBe(access.payload.id);
    expect(refresh.payload.user_id).toBe(access.payload.user_id);
    expect(access.payload.phone === null || /^7\d{10}$/.test(String(access.payload.phone))).toBe(
      true,
    );
    expect(access.payload.jti).not.toBe(refresh.payload.jti);
  });

  test("the lifetimes are 5 minutes and 1 day (the deployment's settings)", async () => {
    const pair = await login(RESIDENT.email, RESIDENT.password);
    const access = decodeJwt(pair.access).payload as { exp: number; iat: number };
    const refresh = decodeJwt(pair.refresh).payload as { exp: number; iat: number };
    expect(access.exp - access.iat).toBe(ACCESS_SECONDS);
    expect(refresh.exp - refresh.iat).toBe(REFRESH_SECONDS);
  });

  test("an administrator's access token carries the admin flag", async () => {
    const pair = await login(ADMIN.email, ADMIN.password);
    expect(decodeJwt(pair.access).payload[FLAG]).toBe(true);
  });

  test("the e-mail is compared case-insensitively", async () => {
    const pair = await login(RESIDENT.email.toUpperCase(), RESIDENT.password);
    expect(decodeJwt(pair.access).payload.email).toBe(RESIDENT.email);
  });

  test("wrong credentials answer 401 with the two entries", async () => {
    for (const body of [
      { email: RESIDENT.email, password: "wrong-password" },
      { email: "nobody-here@example.com", password: "whatever-123" },
    ]) {
      const response = await post("client/users/login/", body);
      expectError(response, 401, "authentication_failed");
      // The wording is the deployment's (stand-in/wording.test.ts); the portal shows the second detail.
      expect(response.body).toEqual({
        type: "client_error",
        errors: [
          { code: "authentication_failed", detail: expect.any(String), attr: null },
          { code: "authentication_failed", detail: expect.any(String), attr: "non_field_errors" },
        ],
      });
    }
  });

  test("an inactive user cannot log in", async () => {
    const created = await createUser();
    const patched = await call("PATCH", `admin/users/${created.user.id}/`, {
      json: { is_active: false },
      token: await adminToken(),
    });
    expect(patched.status).toBe(200);
    expectError(
      await post("client/users/login/", { email: created.email, password: created.password }),
      401,
      "authentication_failed",
    );
  });

  test("a malformed e-mail is a 400 on email", async () => {
    const response = await post("client/users/login/", { email: "not-an-email", password: "x" });
    expectError(response, 400, "invalid", "email");
  });

  test("missing fields are 400 required on each", async () => {
    const response = await post("client/users/login/", {});
    const body = expectError(response, 400, "required", "email");
    expect(body.errors).toEqual([
      { code: "required", detail: expect.any(String), attr: "email" },
      { code: "required", detail: expect.any(String), attr: "password" },
    ]);
  });
});

describe("POST client/users/refresh/", () => {
  test("answers a new pair and revokes the refresh token sent", async () => {
    const first = await login(RESIDENT.email, RESIDENT.password);
    const second = await post<TokenPair>("client/users/refresh/", { refresh: first.refresh });
    expect(second.status, second.text).toBe(200);
    expectKeys(second.body, ["access", "refresh"]);
    expect(second.body.refresh).not.toBe(first.refresh);
    expect(decodeJwt(second.body.access).payload.email).toBe(RESIDENT.email);
    expect((await get("client/users/me/", { token: second.body.access })).status).toBe(200);

    // Rotation: the first refresh token is spent.
    const again = await post("client/users/refresh/", { refresh: first.refresh });
    expectError(again, 401, "token_not_valid");

    // The new one works once.
    const third = await post<TokenPair>("client/users/refresh/", { refresh: second.body.refresh });
    expect(third.status, third.text).toBe(200);
  });

  test("concurrent refreshes with one token: each a new pair or 401 token_not_valid, and at least one a pair", async () => {
    const pair = await login(RESIDENT.email, RESIDENT.password);
    const results = await Promise.all(
      [0, 1, 2].map(() => post<TokenPair>("client/users/refresh/", { refresh: pair.refresh })),
    );
    // simplejwt's blacklist is read before it is written, with no lock: they may all succeed.
    for (const result of results) {
      if (result.status === 200) expectKeys(result.body, ["access", "refresh"]);
      else expectError(result, 401, "token_not_valid");
    }
    expect(results.some((result) => result.status === 200)).toBe(true);
  });

  test("an access token, a forged or a garbage token is 401 token_not_valid", async () => {
    const pair = await login(RESIDENT.email, RESIDENT.password);
    expectError(
      await post("client/users/refresh/", { refresh: pair.access }),
      401,
      "token_not_valid",
    );
    expectError(
      await post("client/users/refresh/", { refresh: `${pair.refresh.slice(0, -4)}AAAA` }),
      401,
      "token_not_valid",
    );
    expectError(
      await post("client/users/refresh/", { refresh: "garbage" }),
      401,
      "token_not_valid",
    );
  });

  test("a missing refresh is 400 on refresh", async () => {
    expectError(await post("client/users/refresh/", {}), 400, "required", "refresh");
  });

  test("the refresh token of a deleted user is 401 token_not_valid", async () => {
    const created = await createUser();
    expect(
      (await call("DELETE", `admin/users/${created.user.id}/`, { token: await adminToken() }))
        .status,
    ).toBe(204);
    expectError(
      await post("client/users/refresh/", { refresh: created.refresh }),
      401,
      "token_not_valid",
    );
  });
});

describe("GET client/users/me/", () => {
  test("answers the caller as a User", async () => {
    const pair = await login(RESIDENT.email, RESIDENT.password);
    const response = await get<User>("client/users/me/", { token: pair.access });
    expect(response.status, response.text).toBe(200);
    expectKeys(response.body, USER_KEYS);
    expect(response.body.email).toBe(RESIDENT.email);
    expect(response.body.id).toBe(decodeJwt(pair.access).payload.user_id);
    expect(response.body[FLAG]).toBe(false);
    expect(response.body.date_joined).toMatch(ISO_TIME);
    expect(typeof response.body.middle_name).toBe("string");
  });

  test("a valid token of a deleted user is 401 user_not_found", async () => {
    const created = await createUser();
    expect(
      (await call("DELETE", `admin/users/${created.user.id}/`, { token: await adminToken() }))
        .status,
    ).toBe(204);
    expectGoneUser(await get("client/users/me/", { token: created.token }), "user_not_found");
  });

  test("a valid token of a deactivated user is 401 user_inactive", async () => {
    const created = await createUser();
    const response = await call("PATCH", `admin/users/${created.user.id}/`, {
      json: { is_active: false },
      token: await adminToken(),
    });
    expect(response.status).toBe(200);
    expectGoneUser(await get("client/users/me/", { token: created.token }), "user_inactive");
    expectGoneUser(await get("client/posts/", { token: created.token }), "user_inactive");
  });
});
