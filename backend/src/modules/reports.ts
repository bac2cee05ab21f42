/** Client API: reports, information disclosure (public). */
import type { Context } from "hono";

import { icontains } from "../db.js";
import { notFound } from "../errors.js";
import { mediaUrl, queryParams } from "../http.js";
import { orderBy, paginate } from "../pagination.js";
import { idOf, json, type RouteDef } from "../router.js";
import { formatTime } from "../time.js";
import {
  dateTimeFilter,
  dayFilter,
  numberFilter,
  textFilter,
  validateQuery,
} from "../validation.js";

interface ReportRow {
  id: number;
  name: string;
  year: number;
  description: string;
  file: string | null;
  created_at: number;
}

const reportJson = (c: Context, report: ReportRow) => ({
  id: report.id,
  name: report.name,
  year: report.year,
  description: report.description,
  file: report.file ? mediaUrl(c, report.file) : null,
  created_at: formatTime(report.created_at),
});

export function reportsRoutes(): RouteDef[] {
  return [
    {
      path: "client/reports/",
      name: "Report List",
      auth: "public",
      handlers: {
        GET: ({ c, app }) => {
          const params = queryParams(c);
          const filters = validateQuery(
            {
              created_at: dateTimeFilter(),
              created_at__gte: dateTimeFilter(),
              created_at__lte: dateTimeFilter(),
              created_at_day_month_year: dayFilter(),
              name__icontains: textFilter(),
              year: numberFilter(),
            },
            params,
          );
          const where: string[] = [];
          const args: unknown[] = [];
          if (filters.created_at !== undefined) {
            where.push("created_at = ?");
            args.push(filters.created_at);
          }
          if (filters.created_at__gte !== undefined) {
            where.push("created_at >= ?");
            args.push(filters.created_at__gte);
          }
          if (filters.created_at__lte !== undefined) {
            where.push("created_at <= ?");
            args.push(filters.created_at__lte);
          }
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
          if (filters.year !== undefined) {
            where.push("year = ?");
            args.push(filters.year);
          }
          const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
          const order = orderBy(
            params,
            { created_at: "created_at", name: "ru_key(name)", year: "year" },
            ["-year", "name"],
            "id",
          );
          const { count } = app.db
            .prepare(`SELECT COUNT(*) AS count FROM reports ${whereSql}`)
            .get(...args) as { count: number };
          return json(
            c,
            paginate(c, count, (limit, offset) =>
              (
                app.db
                  .prepare(`SELECT * FROM reports ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
                  .all(...args, limit, offset) as ReportRow[]
              ).map((report) => reportJson(c, report)),
            ),
          );
        },
      },
    },
    {
      path: "client/reports/:id/",
      name: "Report Instance",
      auth: "public",
      handlers: {
        GET: (r) => {
          const report = r.app.db
            .prepare("SELECT * FROM reports WHERE id = ?")
            .get(idOf(r, notFound)) as ReportRow | undefined;
          if (!report) throw notFound();
          return json(r.c, reportJson(r.c, report));
        },
      },
    },
  ];
}
