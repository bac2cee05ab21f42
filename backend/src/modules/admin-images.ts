/** Admin API: post images (multipart uploads stored under the media folder). */
import type { Context } from "hono";

import type { Database } from "../db.js";
import { notFound } from "../errors.js";
import { mediaUrl, queryParams, readBody } from "../http.js";
import { deleteFile, storeFile } from "../media.js";
import { paginate } from "../pagination.js";
import { idOf, json, noContent, type RouteContext, type RouteDef } from "../router.js";
import { nowMicros } from "../time.js";
import type { UserRow } from "../user-model.js";
import {
  asObject,
  imageField,
  modelChoiceFilter,
  primaryKeyField,
  validate,
  validateQuery,
} from "../validation.js";
import { postExists } from "./posts.js";

interface ImageRow {
  id: number;
  post_id: number;
  path: string;
  created_at: number;
}

const imageJson = (c: Context, image: ImageRow) => ({
  id: image.id,
  image: mediaUrl(c, image.path),
  post: image.post_id,
});

function getImage(db: Database, id: number): ImageRow | undefined {
  return db.prepare("SELECT * FROM post_images WHERE id = ?").get(id) as ImageRow | undefined;
}

async function update(r: RouteContext<UserRow>, partial: boolean): Promise<Response> {
  const { c, app } = r;
  const image = getImage(app.db, idOf(r, notFound));
  if (!image) throw notFound();
  const body = validate(
    {
      image: imageField({ required: !partial }),
      post: primaryKeyField(postExists(app.db), { required: !partial }),
    },
    asObject(await readBody(c)),
  );
  const path = body.image
    ? storeFile(app.config, "posts", body.image.extension, body.image.bytes)
    : image.path;
  app.db
    .prepare("UPDATE post_images SET post_id = ?, path = ? WHERE id = ?")
    .run(body.post ?? image.post_id, path, image.id);
  if (path !== image.path) deleteFile(app.config, image.path); // the replaced file goes
  return json(c, imageJson(c, getImage(app.db, image.id)!));
}

export function adminImagesRoutes(): RouteDef[] {
  return [
    {
      path: "admin/posts/images/",
      name: "Post Image List",
      auth: "admin",
      handlers: {
        GET: ({ c, app }) => {
          const params = queryParams(c);
          const filters = validateQuery({ post: modelChoiceFilter(postExists(app.db)) }, params);
          const whereSql = filters.post !== undefined ? "WHERE post_id = ?" : "";
          const args = filters.post !== undefined ? [filters.post] : [];
          const { count } = app.db
            .prepare(`SELECT COUNT(*) AS count FROM post_images ${whereSql}`)
            .get(...args) as { count: number };
          return json(
            c,
            paginate(c, count, (limit, offset) =>
              (
                app.db
                  .prepare(`SELECT * FROM post_images ${whereSql} ORDER BY id LIMIT ? OFFSET ?`)
                  .all(...args, limit, offset) as ImageRow[]
              ).map((image) => imageJson(c, image)),
            ),
          );
        },
        POST: async ({ c, app }) => {
          const body = validate(
            { image: imageField(), post: primaryKeyField(postExists(app.db)) },
            asObject(await readBody(c)),
          );
          const path = storeFile(app.config, "posts", body.image!.extension, body.image!.bytes);
          const result = app.db
            .prepare("INSERT INTO post_images (post_id, path, created_at) VALUES (?, ?, ?)")
            .run(body.post, path, nowMicros());
          return json(c, imageJson(c, getImage(app.db, Number(result.lastInsertRowid))!), 201);
        },
      },
    },
    {
      path: "admin/posts/images/:id/",
      name: "Post Image Instance",
      auth: "admin",
      handlers: {
        GET: (r) => {
          const image = getImage(r.app.db, idOf(r, notFound));
          if (!image) throw notFound();
          return json(r.c, imageJson(r.c, image));
        },
        PUT: (r) => update(r, false),
        PATCH: (r) => update(r, true),
        DELETE: (r) => {
          const image = getImage(r.app.db, idOf(r, notFound));
          if (!image) throw notFound();
          r.app.db.prepare("DELETE FROM post_images WHERE id = ?").run(image.id);
          deleteFile(r.app.config, image.path);
          return noContent(r.c);
        },
      },
    },
  ];
}
