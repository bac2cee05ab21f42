/** Admin API: posts. */
import { describe, expect, test } from "vitest";

import {
  adminToken,
  call,
  createPost,
  expectError,
  expectFieldErrors,
  expectKeys,
  get,
  ISO_TIME,
  post,
  POST_KEYS,
  unique,
  type Post,
} from "./helpers.js";

const send = async (method: string, path: string, json?: unknown) =>
  call<Post>(method, path, { json, token: await adminToken() });

describe("POST admin/posts/", () => {
  test("creates a Post (201), listed by client/posts/", async () => {
    const title = unique("Новость ");
    const response = await send("POST", "admin/posts/", {
      title,
      text: "Абзац один.\n\nАбзац два.",
      is_actual: false,
    });
    expect(response.status, response.text).toBe(201);
    expectKeys(response.body, POST_KEYS);
    expect(response.body).toMatchObject({
      title,
      text: "Абзац один.\n\nАбзац два.",
      is_actual: false,
      images: [],
    });
    expect(response.body.created_at).toMatch(ISO_TIME);
    const listed = await get<{ results: Post[] }>("client/posts/", {
      query: { title__icontains: title },
    });
    expect(listed.body.results).toEqual([response.body]);
  });

  test("400 per field: title required, 1 to 255 characters; text required; is_actual a boolean", async () => {
    expectFieldErrors(await send("POST", "admin/posts/", {}), {
      title: "required",
      text: "required",
    });
    expectFieldErrors(await send("POST", "admin/posts/", { title: "", text: "" }), {
      title: "blank",
      text: "blank",
    });
    expectFieldErrors(
      await send("POST", "admin/posts/", { title: "Т".repeat(256), text: "Текст" }),
      { title: "max_length" },
    );
    expectFieldErrors(
      await send("POST", "admin/posts/", { title: "Т", text: "Текст", is_actual: "может быть" }),
      { is_actual: "invalid" },
    );
    expect(
      (
        await send("POST", "admin/posts/", {
          title: "Т".repeat(255),
          text: "Текст",
          is_actual: true,
        })
      ).status,
    ).toBe(201);
  });
});

describe("PUT and PATCH admin/posts/{id}/", () => {
  test("PUT replaces the fields (200 Post)", async () => {
    const created = await createPost();
    const response = await send("PUT", `admin/posts/${created.id}/`, {
      title: "Новый заголовок",
      text: "Новый текст",
      is_actual: false,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: created.id,
      title: "Новый заголовок",
      text: "Новый текст",
      is_actual: false,
    });
    expect(response.body.created_at).toBe(created.created_at);
    expect(Date.parse(response.body.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(created.updated_at),
    );
    expect((await get<Post>(`client/posts/${created.id}/`)).body).toEqual(response.body);
  });

  test("PUT needs title and text", async () => {
    const created = await createPost();
    expectFieldErrors(await send("PUT", `admin/posts/${created.id}/`, { is_actual: true }), {
      title: "required",
      text: "required",
    });
  });

  test("PATCH changes any of them", async () => {
    const created = await createPost({ is_actual: true });
    const response = await send("PATCH", `admin/posts/${created.id}/`, { is_actual: false });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      title: created.title,
      text: created.text,
      is_actual: false,
    });
    const titled = await send("PATCH", `admin/posts/${created.id}/`, { title: "Только заголовок" });
    expect(titled.body).toMatchObject({
      title: "Только заголовок",
      text: created.text,
      is_actual: false,
    });
    expectFieldErrors(await send("PATCH", `admin/posts/${created.id}/`, { title: "" }), {
      title: "blank",
    });
  });

  test("an unknown post is 404", async () => {
    expectError(
      await send("PUT", "admin/posts/99999999/", { title: "Т", text: "Т", is_actual: true }),
      404,
      "not_found",
      null,
    );
    expectError(
      await send("PATCH", "admin/posts/99999999/", { title: "Т" }),
      404,
      "not_found",
      null,
    );
  });
});

describe("DELETE admin/posts/{id}/", () => {
  test("204; the post is gone", async () => {
    const created = await createPost();
    const response = await send("DELETE", `admin/posts/${created.id}/`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expectError(await get(`client/posts/${created.id}/`), 404, "not_found", null);
    expectError(await send("DELETE", `admin/posts/${created.id}/`), 404, "not_found", null);
  });

  test("GET on admin/posts/ is 405 (lists are client/posts/)", async () => {
    expectError(
      await get("admin/posts/", { token: await adminToken() }),
      405,
      "method_not_allowed",
      null,
    );
    const response = await post(
      "admin/posts/",
      { title: "Т", text: "Т" },
      { token: await adminToken() },
    );
    expect(response.status).toBe(201);
  });
});
