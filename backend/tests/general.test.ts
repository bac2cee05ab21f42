/** General rules: error shape, 404/405, authentication and permissions on every endpoint. */
import { describe, expect, test } from "vitest";

import {
  adminToken,
  call,
  createPost,
  expectError,
  FORGED,
  get,
  post,
  RESIDENT,
  residentToken,
  type ErrorBody,
  type Page,
  type Post,
  type TokenPair,
} from "./helpers.js";

/** Every endpoint that needs a token, with a body where it takes one. */
const TOKEN_ENDPOINTS: [string, string, unknown?][] = [
  ["GET", "client/users/me/"],
  ["PATCH", "client/users/update_me/", { first_name: "Пётр" }],
  [
    "POST",
    "client/users/update_password/",
    { old_password: "x", password: "y", password_confirmation: "y" },
  ],
  ["GET", "client/accounts/"],
  ["POST", "client/accounts/attach/", { id: "1000000003", customer: "Петров" }],
  ["POST", "client/accounts/detach/", { id: "1000000001" }],
];

const ADMIN_ENDPOINTS: [string, string, unknown?][] = [
  ["POST", "admin/posts/", { title: "Заголовок", text: "Текст", is_actual: true }],
  ["GET", "admin/posts/"],
  ["PUT", "admin/posts/1/", { title: "Заголовок", text: "Текст", is_actual: true }],
  ["PATCH", "admin/posts/1/", { title: "Заголовок" }],
  ["DELETE", "admin/posts/1/"],
  ["GET", "admin/posts/images/"],
  ["POST", "admin/posts/images/", {}],
  ["GET", "admin/posts/images/1/"],
  ["PUT", "admin/posts/images/1/", {}],
  ["PATCH", "admin/posts/images/1/", {}],
  ["DELETE", "admin/posts/images/1/"],
  ["GET", "admin/users/"],
  ["POST", "admin/users/", { email: "x@example.com" }],
  ["GET", "admin/users/1/"],
  ["PUT", "admin/users/1/", {}],
  ["PATCH", "admin/users/1/", {}],
  ["DELETE", "admin/users/1/"],
];

const PUBLIC_ENDPOINTS: [string, string, unknown?][] = [
  ["GET", "client/posts/"],
  ["GET", "client/posts/1/"],
  ["GET", "client/rates/"],
  ["GET", "client/rates/1/"],
  ["GET", "client/reports/"],
  ["GET", "client/reports/1/"],
  ["POST", "client/users/register_email/", { email: "not-sent@example.com" }],
  ["POST", "client/users/check_code/", { code: 1234 }],
  ["POST", "client/users/register_profile/", { code: 1234 }],
  ["POST", "client/users/send_code_reset/", { email: "not-sent@example.com" }],
  ["POST", "client/users/reset_password/", { email: "not-sent@example.com", code: 1234 }],
];

describe("error shape", () => {
  test("an unknown path under /api/v1/ is a 404 in the contract's shape", async () => {
    const response = await get("client/nothing-here/");
    const body = expectError(response, 404, "not_found", null);
    expect(body.errors).toEqual([{ code: "not_found", detail: expect.any(String), attr: null }]);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  test("an unknown path outside the API is a 404 in the contract's shape too", async () => {
    expectError(await get("/definitely/not/here/"), 404, "not_found", null);
  });

  test("a detail path with a non-numeric id is a 404", async () => {
    expectError(await get("client/posts/abc/"), 404, "not_found", null);
  });

  test("a method the endpoint does not have is a 405 with Allow", async () => {
    const response = await get("client/users/login/");
    expectError(response, 405, "method_not_allowed", null);
    expect(response.headers.get("allow")).toContain("POST");
    const del = await call("DELETE", "client/posts/");
    expectError(del, 405, "method_not_allowed");
  });

  test("HEAD answers like GET without a body; every answer carries Allow", async () => {
    const head = await call("HEAD", "client/rates/");
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    expect(head.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await get("client/rates/")).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await post("client/users/login/", {})).headers.get("allow")).toBe("POST, OPTIONS");
  });

  test("a path without its trailing slash is redirected to it (Django's APPEND_SLASH)", async () => {
    const response = await get("client/rates", { query: { page_size: 1 } });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toMatch(/\/api\/v1\/client\/rates\/\?page_size=1$/);
  });

  test("a body that is not JSON is a 400 parse_error", async () => {
    const response = await call("POST", "client/users/login/", {
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect((response.body as ErrorBody).errors[0]!.code).toBe("parse_error");
  });

  test("an unsupported content type is a 415", async () => {
    const response = await call("POST", "client/users/login/", {
      body: "email=x",
      headers: { "Content-Type": "text/plain" },
    });
    expectError(response, 415, "unsupported_media_type", null);
  });

  test("a JSON body that is not an object is a 400 on non_field_errors", async () => {
    expectError(
      await post("client/users/login/", ["admin@example.com"]),
      400,
      "invalid",
      "non_field_errors",
    );
  });

  test("form-encoded bodies are accepted like JSON (DRF's parsers)", async () => {
    const body = new URLSearchParams({ email: RESIDENT.email, password: RESIDENT.password });
    const response = await call<TokenPair>("POST", "client/users/login/", { body });
    expect(response.status, response.text).toBe(200);
    expect(typeof response.body.access).toBe("string");
  });
});

describe("authentication", () => {
  test.each(TOKEN_ENDPOINTS)(
    "%s %s without a token is 401 not_authenticated",
    async (method, path, json) => {
      const response = await call(method, path, { json });
      expectError(response, 401, "not_authenticated", null);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    },
  );

  test.each(ADMIN_ENDPOINTS)(
    "%s %s without a token is 401 not_authenticated",
    async (method, path, json) => {
      expectError(await call(method, path, { json }), 401, "not_authenticated", null);
    },
  );

  test.each([...TOKEN_ENDPOINTS, ...ADMIN_ENDPOINTS])(
    "%s %s with a malformed token is 401 token_not_valid",
    async (method, path, json) => {
      expectError(await call(method, path, { json, token: "not-a-jwt" }), 401, "token_not_valid");
    },
  );

  test.each(PUBLIC_ENDPOINTS)(
    "public %s %s with a malformed token is 401 token_not_valid",
    async (method, path, json) => {
      expectError(await call(method, path, { json, token: FORGED }), 401, "token_not_valid");
    },
  );

  test("a token error's body may carry more than one entry; the first holds the code", async () => {
    const response = await get("client/users/me/", { token: FORGED });
    const body = expectError(response, 401, "token_not_valid");
    expect(body.errors.length).toBeGreaterThanOrEqual(1);
    expect(body.errors[0]!.detail.length).toBeGreaterThan(0);
  });

  test("public endpoints answer without a token and ignore a valid one", async () => {
    const anonymous = await get<Page<Post>>("client/posts/");
    const withToken = await get<Page<Post>>("client/posts/", { token: await residentToken() });
    expect(anonymous.status).toBe(200);
    expect(withToken.status).toBe(200);
    expect(withToken.body.count).toBe(anonymous.body.count);
  });

  test("login and refresh ignore a malformed token", async () => {
    const headers = { Authorization: "Bearer not-a-jwt" };
    const loginResponse = await call<TokenPair>("POST", "client/users/login/", {
      json: { email: RESIDENT.email, password: RESIDENT.password },
      headers,
    });
    expect(loginResponse.status, loginResponse.text).toBe(200);
    const refreshResponse = await call<TokenPair>("POST", "client/users/refresh/", {
      json: { refresh: loginResponse.body.refresh },
      headers,
    });
    expect(refreshResponse.status, refreshResponse.text).toBe(200);
  });

  test("a refresh token sent as the access token is 401 token_not_valid", async () => {
    const pair = (
      await post<TokenPair>("client/users/login/", {
        email: RESIDENT.email,
        password: RESIDENT.password,
      })
    ).body;
    expectError(await get("client/users/me/", { token: pair.refresh }), 401, "token_not_valid");
  });
});

describe("permissions", () => {
  test.each(ADMIN_ENDPOINTS)("a resident gets 403 on %s %s", async (method, path, json) => {
    const response = await call(method, path, { json, token: await residentToken() });
    const body = expectError(response, 403, "permission_denied", null);
    expect(body.errors[0]!.detail.length).toBeGreaterThan(0);
  });

  test("an admin gets 405 on GET admin/posts/ and GET admin/posts/{id}/", async () => {
    const token = await adminToken();
    expectError(await get("admin/posts/", { token }), 405, "method_not_allowed", null);
    const created = await createPost();
    expectError(
      await get(`admin/posts/${created.id}/`, { token }),
      405,
      "method_not_allowed",
      null,
    );
  });
});
