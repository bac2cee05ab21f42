/** Client API: personal accounts (лицевые счета) attached to the caller. */
import type { Database } from "../db.js";
import { icontains, money } from "../db.js";
import { fieldError, validationError } from "../errors.js";
import { queryParams, readBody } from "../http.js";
import { orderBy, paginate } from "../pagination.js";
import { json, noContent, type RouteDef } from "../router.js";
import { formatTime, nowMicros } from "../time.js";
import { asObject, charField, textFilter, validate, validateQuery } from "../validation.js";

interface AccountRow {
  id: string;
  address: string;
  customer: string;
  balance: number;
  updated_at: number;
}

export const accountJson = (account: AccountRow) => ({
  id: account.id,
  address: account.address,
  customer: account.customer,
  balance: money(account.balance),
  updated_at: formatTime(account.updated_at),
});

const MESSAGES = {
  notFound: "Лицевой счёт с таким номером не найден.",
  alreadyAttached: "Этот лицевой счёт уже привязан к вашему профилю.",
  mismatch: "Фамилия не совпадает с фамилией владельца лицевого счёта.",
  notAttached: "Этот лицевой счёт не привязан к вашему профилю.",
};

/** The surname compared with the holder's first word, case-insensitively («ё» as «е»). */
const surnameKey = (value: string) => value.trim().toLowerCase().replace(/ё/g, "е");

function getAccount(db: Database, id: string): AccountRow | undefined {
  return db.prepare("SELECT * FROM accounts WHERE id = ?").get(id) as AccountRow | undefined;
}

function isAttached(db: Database, userId: number, accountId: string): boolean {
  return (
    db
      .prepare("SELECT 1 FROM user_accounts WHERE user_id = ? AND account_id = ?")
      .get(userId, accountId) !== undefined
  );
}

export function accountsRoutes(): RouteDef[] {
  return [
    {
      path: "client/accounts/",
      name: "Account List",
      auth: "token",
      handlers: {
        GET: ({ c, app, user }) => {
          const params = queryParams(c);
          const filters = validateQuery(
            {
              address__icontains: textFilter(),
              customer: textFilter(),
              id: textFilter(),
              id_starts_with: textFilter(),
            },
            params,
          );
          const where = ["a.id IN (SELECT account_id FROM user_accounts WHERE user_id = ?)"];
          const args: unknown[] = [user.id];
          if (filters.address__icontains !== undefined) {
            where.push(icontains("a.address"));
            args.push(filters.address__icontains);
          }
          if (filters.customer !== undefined) {
            where.push("a.customer = ?");
            args.push(filters.customer);
          }
          if (filters.id !== undefined) {
            where.push("a.id = ?");
            args.push(filters.id);
          }
          if (filters.id_starts_with !== undefined) {
            where.push("substr(a.id, 1, length(?)) = ?");
            args.push(filters.id_starts_with, filters.id_starts_with);
          }
          const order = orderBy(
            params,
            {
              id: "a.id",
              address: "ru_key(a.address)",
              customer: "ru_key(a.customer)",
              balance: "a.balance",
            },
            ["id"],
            "a.id",
          );
          const whereSql = where.join(" AND ");
          const { count } = app.db
            .prepare(`SELECT COUNT(*) AS count FROM accounts a WHERE ${whereSql}`)
            .get(...args) as { count: number };
          return json(
            c,
            paginate(c, count, (limit, offset) =>
              (
                app.db
                  .prepare(
                    `SELECT a.* FROM accounts a WHERE ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`,
                  )
                  .all(...args, limit, offset) as AccountRow[]
              ).map(accountJson),
            ),
          );
        },
      },
    },
    {
      path: "client/accounts/attach/",
      name: "Attach",
      auth: "token",
      handlers: {
        POST: async ({ c, app, user }) => {
          const body = validate(
            { id: charField({ maxLength: 32 }), customer: charField({ maxLength: 255 }) },
            asObject(await readBody(c)),
          );
          const account = getAccount(app.db, body.id);
          if (!account) throw validationError([fieldError("id", "not_found", MESSAGES.notFound)]);
          const holderSurname = account.customer.trim().split(/\s+/)[0] ?? "";
          if (surnameKey(holderSurname) !== surnameKey(body.customer)) {
            throw validationError([fieldError("customer", "mismatch", MESSAGES.mismatch)]);
          }
          if (isAttached(app.db, user.id, account.id)) {
            throw validationError([fieldError("id", "already_attached", MESSAGES.alreadyAttached)]);
          }
          app.db
            .prepare(
              "INSERT INTO user_accounts (user_id, account_id, attached_at) VALUES (?, ?, ?)",
            )
            .run(user.id, account.id, nowMicros());
          return json(c, accountJson(account));
        },
      },
    },
    {
      path: "client/accounts/detach/",
      name: "Detach",
      auth: "token",
      handlers: {
        POST: async ({ c, app, user }) => {
          const body = validate({ id: charField({ maxLength: 32 }) }, asObject(await readBody(c)));
          const result = app.db
            .prepare("DELETE FROM user_accounts WHERE user_id = ? AND account_id = ?")
            .run(user.id, body.id);
          if (result.changes === 0)
            throw validationError([fieldError("id", "not_attached", MESSAGES.notAttached)]);
          return noContent(c);
        },
      },
    },
  ];
}
