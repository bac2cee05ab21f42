/** Admin API: posts (create, replace, update, delete with their images). Listing is `client/posts/`. */
import { notFound } from "../errors.js";
import { readBody } from "../http.js";
import { deleteFile } from "../media.js";
import { idOf, json, noContent, type RouteContext, type RouteDef } from "../router.js";
import { nowMicros } from "../time.js";
import type { UserRow } from "../user-model.js";
import { asObject, booleanField, charField, optionalCharField, validate } from "../validation.js";
import { getPost, postJson } from "./posts.js";

const TITLE = { maxLength: 255 } as const;

async function update(r: RouteContext<UserRow>, partial: boolean): Promise<Response> {
  const { c, app } = r;
  const post = getPost(app.db, idOf(r, notFound));
  if (!post) throw notFound();
  const data = asObject(await readBody(c));
  const body = partial
    ? validate(
        { title: optionalCharField(TITLE), text: optionalCharField(), is_actual: booleanField() },
        data,
      )
    : validate({ title: charField(TITLE), text: charField(), is_actual: booleanField() }, data);
  const isActual = body.is_actual === undefined ? post.is_actual : body.is_actual ? 1 : 0;
  app.db
    .prepare("UPDATE posts SET title = ?, text = ?, is_actual = ?, updated_at = ? WHERE id = ?")
    .run(body.title ?? post.title, body.text ?? post.text, isActual, nowMicros(), post.id);
  return json(c, postJson(c, app.db, getPost(app.db, post.id)!));
}

export function adminPostsRoutes(): RouteDef[] {
  return [
    {
      path: "admin/posts/",
      name: "Post List",
      auth: "admin",
      handlers: {
        POST: async ({ c, app }) => {
          const body = validate(
            { title: charField(TITLE), text: charField(), is_actual: booleanField() },
            asObject(await readBody(c)),
          );
          const now = nowMicros();
          const result = app.db
            .prepare(
              "INSERT INTO posts (title, text, is_actual, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
            )
            .run(body.title, body.text, body.is_actual === false ? 0 : 1, now, now);
          return json(
            c,
            postJson(c, app.db, getPost(app.db, Number(result.lastInsertRowid))!),
            201,
          );
        },
      },
    },
    {
      path: "admin/posts/:id/",
      name: "Post Instance",
      auth: "admin",
      handlers: {
        PUT: (r) => update(r, false),
        PATCH: (r) => update(r, true),
        DELETE: (r) => {
          const { c, app } = r;
          const post = getPost(app.db, idOf(r, notFound));
          if (!post) throw notFound();
          const images = app.db
            .prepare("SELECT path FROM post_images WHERE post_id = ?")
            .all(post.id) as { path: string }[];
          app.db.prepare("DELETE FROM posts WHERE id = ?").run(post.id); // its images go by ON DELETE CASCADE
          for (const image of images) deleteFile(app.config, image.path);
          return noContent(c);
        },
      },
    },
  ];
}
