/** Client API: posts (public), and the Post representation shared with the admin API. */
import type { Context } from "hono";

import type { Database } from "../db.js";
import { icontains } from "../db.js";
import { notFound } from "../errors.js";
import { mediaUrl, queryParams } from "../http.js";
import { orderBy, paginate } from "../pagination.js";
import { idOf, json, type RouteDef } from "../router.js";
import { formatTime } from "../time.js";
import { booleanFilter, dayFilter, textFilter, validateQuery } from "../validation.js";

export interface PostRow {
  id: number;
  title: string;
  text: string;
  is_actual: number;
  created_at: number;
  updated_at: number;
}

interface ImageRef {
  id: number;
  post_id: number;
  path: string;
}

export function getPost(db: Database, id: number): PostRow | undefined {
  return db.prepare("SELECT * FROM posts WHERE id = ?").get(id) as PostRow | undefined;
}

export const postExists = (db: Database) => (id: number) =>
  db.prepare("SELECT 1 FROM posts WHERE id = ?").get(id) !== undefined;

/** Posts with their images (`[{id, image}]`, by id), in one query for the images. */
export function postsJson(c: Context, db: Database, posts: PostRow[]): Record<string, unknown>[] {
  const images = new Map<number, { id: number; image: string }[]>();
  if (posts.length) {
    const rows = db
      .prepare(
        `SELECT id, post_id, path FROM post_images WHERE post_id IN (${posts.map(() => "?").join(", ")}) ORDER BY id`,
      )
      .all(...posts.map((post) => post.id)) as ImageRef[];
    for (const row of rows) {
      const list = images.get(row.post_id) ?? [];
      list.push({ id: row.id, image: mediaUrl(c, row.path) });
      images.set(row.post_id, list);
    }
  }
  return posts.map((post) => ({
    id: post.id,
    title: post.title,
    text: post.text,
    is_actual: post.is_actual === 1,
    created_at: formatTime(post.created_at),
    updated_at: formatTime(post.updated_at),
    images: images.get(post.id) ?? [],
  }));
}

export const postJson = (c: Context, db: Database, post: PostRow) => postsJson(c, db, [post])[0]!;

export function postsRoutes(): RouteDef[] {
  return [
    {
      path: "client/posts/",
      name: "Post List",
      auth: "public",
      handlers: {
        GET: ({ c, app }) => {
          const params = queryParams(c);
          const filters = validateQuery(
            {
              created_at_day_month_year: dayFilter(),
              is_actual: booleanFilter(),
              title__icontains: textFilter(),
            },
            params,
          );
          const where: string[] = [];
          const args: unknown[] = [];
          if (filters.created_at_day_month_year) {
            where.push("created_at >= ? AND created_at < ?");
            args.push(
              filters.created_at_day_month_year.start,
              filters.created_at_day_month_year.end,
            );
          }
          if (filters.is_actual !== undefined) {
            where.push("is_actual = ?");
            args.push(filters.is_actual ? 1 : 0);
          }
          if (filters.title__icontains !== undefined) {
            where.push(icontains("title"));
            args.push(filters.title__icontains);
          }
          const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
          const order = orderBy(
            params,
            { created_at: "created_at", title: "ru_key(title)" },
            ["-created_at"],
            "id",
          );
          const { count } = app.db
            .prepare(`SELECT COUNT(*) AS count FROM posts ${whereSql}`)
            .get(...args) as { count: number };
          return json(
            c,
            paginate(c, count, (limit, offset) =>
              postsJson(
                c,
                app.db,
                app.db
                  .prepare(`SELECT * FROM posts ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
                  .all(...args, limit, offset) as PostRow[],
              ),
            ),
          );
        },
      },
    },
    {
      path: "client/posts/:id/",
      name: "Post Instance",
      auth: "public",
      handlers: {
        GET: (r) => {
          const post = getPost(r.app.db, idOf(r, notFound));
          if (!post) throw notFound();
          return json(r.c, postJson(r.c, r.app.db, post));
        },
      },
    },
  ];
}
