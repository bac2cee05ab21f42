/**
 * The contract's schemas against real answers of the stand-in (started here
 * on a fresh data folder) and against answers of the wrong shape.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

import { startBackend } from "../../../backend/src/server";
import {
  AccountSchema,
  AdminUserSchema,
  ApiErrorBodySchema,
  DetailSchema,
  PageSchemas,
  PostSchema,
  RateSchema,
  ReportSchema,
  TokenPairSchema,
  UserSchema,
} from "./schemas";

let backend: Awaited<ReturnType<typeof startBackend>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "schemas-backend-"));
  backend = await startBackend({ port: 0, dataDir, quiet: true });
}, 30_000);
afterAll(async () => {
  await backend?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function answer(
  method: string,
  apiPath: string,
  { token, json }: { token?: string; json?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${backend.url}/api/v1/${apiPath}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return (await response.json()) as unknown;
}

function expectValid(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success, result.success ? "" : JSON.stringify(result.error.issues)).toBe(true);
}

describe("the contract's schemas", () => {
  it("accept the stand-in's real answers", async () => {
    const admin = TokenPairSchema.parse(
      await answer("POST", "client/users/login/", {
        json: { email: "admin@example.com", password: "admin12345" },
      }),
    );
    const resident = TokenPairSchema.parse(
      await answer("POST", "client/users/login/", {
        json: { email: "resident@example.com", password: "resident12345" },
      }),
    );
    const posts = PageSchemas.posts.parse(await answer("GET", "client/posts/?page_size=100"));
    expect(posts.results.length).toBeGreaterThan(0);
    expectValid(PostSchema, await answer("GET", `client/posts/${posts.results[0]!.id}/`));
    const rates = PageSchemas.rates.parse(await answer("GET", "client/rates/?page_size=100"));
    expectValid(RateSchema, await answer("GET", `client/rates/${rates.results[0]!.id}/`));
    const reports = PageSchemas.reports.parse(await answer("GET", "client/reports/?page_size=100"));
    // Reports with and without a file.
    expect(new Set(reports.results.map((report) => report.file === null)).size).toBe(2);
    expectValid(ReportSchema, await answer("GET", `client/reports/${reports.results[0]!.id}/`));
    const me = UserSchema.parse(
      await answer("GET", "client/users/me/", { token: resident.access }),
    );
    // The admin flag passes as an extra field.
    expect(me.is_portal_admin).toBe(false);
    const accounts = PageSchemas.accounts.parse(
      await answer("GET", "client/accounts/", { token: resident.access }),
    );
    expect(accounts.results.length).toBeGreaterThan(0);
    expectValid(AccountSchema, accounts.results[0]);
    expectValid(
      PageSchemas.adminUsers,
      await answer("GET", "admin/users/?page_size=100", { token: admin.access }),
    );
    expectValid(
      PageSchemas.postImages,
      await answer("GET", "admin/posts/images/", { token: admin.access }),
    );
    expectValid(
      DetailSchema,
      await answer("POST", "client/users/send_code_reset/", {
        json: { email: "nobody@example.com" },
      }),
    );
    expectValid(ApiErrorBodySchema, await answer("GET", "client/posts/999999/"));
    expectValid(
      ApiErrorBodySchema,
      await answer("POST", "client/users/login/", {
        json: { email: "admin@example.com", password: "wrong-one" },
      }),
    );
  });

  it("refuse answers of the wrong shape", () => {
    const post = {
      id: 1,
      title: "T",
      text: "",
      is_actual: true,
      created_at: "x",
      updated_at: "x",
      images: [],
    };
    const rate = {
      id: 1,
      name: "Вода",
      value: "45.10",
      unit: "м³",
      description: "",
      created_at: "x",
    };
    expectValid(PageSchemas.posts, { count: 1, next: null, previous: null, results: [post] });
    expect(PageSchemas.posts.safeParse({ count: "x", results: {} }).success).toBe(false);
    expect(PageSchemas.posts.safeParse({ foo: 1 }).success).toBe(false);
    expect(
      PageSchemas.posts.safeParse({
        count: 1,
        next: null,
        previous: null,
        results: [{ ...post, images: null }],
      }).success,
    ).toBe(false);
    expect(PostSchema.safeParse({ ...post, title: null }).success).toBe(false);
    // Money is a decimal string, never a float.
    expectValid(RateSchema, rate);
    expect(RateSchema.safeParse({ ...rate, value: 45.1 }).success).toBe(false);
    expect(RateSchema.safeParse({ ...rate, value: "сорок" }).success).toBe(false);
    expect(TokenPairSchema.safeParse({ token: "x" }).success).toBe(false);
    expect(TokenPairSchema.safeParse({ access: "x", refresh: "y" }).success).toBe(false);
    expect(ApiErrorBodySchema.safeParse({ detail: "Not found." }).success).toBe(false);
    expect(AdminUserSchema.safeParse({ id: 1, email: "a@b.ru" }).success).toBe(false);
  });

  it("let extra fields through (a newer backend may add some)", () => {
    const rate = {
      id: 1,
      name: "Вода",
      value: "45.10",
      unit: "м³",
      description: "",
      created_at: "x",
      region: "ЯКТ",
    };
    expect(RateSchema.parse(rate)).toEqual(rate);
  });
});
