/** Client API: tariffs (public). */
import { icontains, money } from "../db.js";
import { notFound } from "../errors.js";
import { queryParams } from "../http.js";
import { orderBy, paginate } from "../pagination.js";
import { idOf, json, type RouteDef } from "../router.js";
import { formatTime } from "../time.js";
import { dayFilter, textFilter, validateQuery } from "../validation.js";

interface RateRow {
  id: number;
  name: string;
  value: number;
  unit: string;
  description: string;
  created_at: number;
}

const rateJson = (rate: RateRow) => ({
  id: rate.id,
  name: rate.name,
  value: money(rate.value),
  unit: rate.unit,
  description: rate.description,
  created_at: formatTime(rate.created_at),
});

export function ratesRoutes(): RouteDef[] {
  return [
    {
      path: "client/rates/",
      name: "Rate List",
      auth: "public",
      handlers: {
        GET: ({ c, app }) => {
          const params = queryParams(c);
          const filters = validateQuery(
            { created_at_day_month_year: dayFilter(), name__icontains: textFilter() },
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
          if (filters.name__icontains !== undefined) {
            where.push(icontains("name"));
            args.push(filters.name__icontains);
          }
          const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
          const order = orderBy(
            params,
            { created_at: "created_at", name: "ru_key(name)" },
            ["name"],
            "id",
          );
          const { count } = app.db
            .prepare(`SELECT COUNT(*) AS count FROM rates ${whereSql}`)
            .get(...args) as { count: number };
          return json(
            c,
            paginate(c, count, (limit, offset) =>
              (
                app.db
                  .prepare(`SELECT * FROM rates ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
                  .all(...args, limit, offset) as RateRow[]
              ).map(rateJson),
            ),
          );
        },
      },
    },
    {
      path: "client/rates/:id/",
      name: "Rate Instance",
      auth: "public",
      handlers: {
        GET: (r) => {
          const rate = r.app.db
            .prepare("SELECT * FROM rates WHERE id = ?")
            .get(idOf(r, notFound)) as RateRow | undefined;
          if (!rate) throw notFound();
          return json(r.c, rateJson(rate));
        },
      },
    },
  ];
}
