/** Restarting the stand-in on the same data folder keeps every change. */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";

import type { Post, PostImage, TokenPair, User } from "../helpers.js";
import { startLocal, type LocalBackend } from "../local.js";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC",
  "base64",
);

let backend: LocalBackend | undefined;
afterAll(async () => {
  await backend?.destroy();
});

test("a restart on the same folder keeps data, files, the signing key and revoked tokens", async () => {
  backend = await startLocal();
  const dataDir = backend.dataDir;
  expect(existsSync(path.join(dataDir, "db.sqlite"))).toBe(true);

  const admin = (
    await backend.request<TokenPair>("POST", "client/users/login/", {
      json: { email: "admin@example.com", password: "admin12345" },
    })
  ).body;
  const created = await backend.request<Post>("POST", "admin/posts/", {
    token: admin.access,
    json: { title: "Пережить перезапуск", text: "Текст.", is_actual: true },
  });
  expect(created.status).toBe(201);
  const form = new FormData();
  form.append("post", String(created.body.id));
  form.append("image", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "a.png");
  const imageResponse = await fetch(`${backend.url}/api/v1/admin/posts/images/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.access}` },
    body: form,
  });
  expect(imageResponse.status).toBe(201);
  const image = (await imageResponse.json()) as PostImage;
  const renamed = await backend.request<User>("PATCH", "client/users/update_me/", {
    token: admin.access,
    json: { first_name: "Анастасия" },
  });
  expect(renamed.status).toBe(200);
  const rotated = await backend.request<TokenPair>("POST", "client/users/refresh/", {
    json: { refresh: admin.refresh },
  });
  expect(rotated.status).toBe(200);
  expect(
    (
      await backend.request("POST", "client/users/register_email/", {
        json: { email: "restart@example.com" },
      })
    ).status,
  ).toBe(200);

  await backend.close();
  backend = await startLocal({}, dataDir);

  const post = await backend.request<Post>("GET", `client/posts/${created.body.id}/`);
  expect(post.status).toBe(200);
  expect(post.body.title).toBe("Пережить перезапуск");
  expect(post.body.images).toHaveLength(1);
  const media = await fetch(post.body.images[0]!.image);
  expect(media.status).toBe(200);
  expect(Buffer.from(await media.arrayBuffer()).equals(PNG)).toBe(true);
  expect(post.body.images[0]!.id).toBe(image.id);

  // The key survived: tokens issued before the restart still work.
  const me = await backend.request<User>("GET", "client/users/me/", { token: rotated.body.access });
  expect(me.status).toBe(200);
  expect(me.body.first_name).toBe("Анастасия");
  // The revoked refresh token stays revoked; its successor works.
  expect(
    (await backend.request("POST", "client/users/refresh/", { json: { refresh: admin.refresh } }))
      .status,
  ).toBe(401);
  expect(
    (
      await backend.request("POST", "client/users/refresh/", {
        json: { refresh: rotated.body.refresh },
      })
    ).status,
  ).toBe(200);
  // The throttle and the pending code survived too.
  expect(
    (
      await backend.request("POST", "client/users/register_email/", {
        json: { email: "restart@example.com" },
      })
    ).status,
  ).toBe(429);
  const entries = (
    await backend.request<{ code: number }[]>("GET", "/__outbox/?email=restart@example.com")
  ).body;
  expect(
    (
      await backend.request("POST", "client/users/check_code/", {
        json: { code: entries[0]!.code },
      })
    ).status,
  ).toBe(200);
  // No second seeding.
  const admins = await backend.request<{ count: number }>(
    "GET",
    "admin/users/?email__icontains=admin@example.com",
    { token: rotated.body.access },
  );
  expect(admins.body.count).toBe(1);
});
