/** Admin API: users. The admin flag's name (ADMIN_FLAG) names the body field and the filter. */
import { hashPassword } from "../auth.js";
import { icontains } from "../db.js";
import { MSG, notFound, validationError } from "../errors.js";
import { queryParams, readBody } from "../http.js";
import { orderBy, paginate } from "../pagination.js";
import { idOf, json, noContent, type RouteContext, type RouteDef } from "../router.js";
import { nowMicros } from "../time.js";
import {
  adminUserJson,
  emailTaken,
  FULL_NAME_SQL,
  getUserById,
  type UserRow,
} from "../user-model.js";
import {
  asObject,
  booleanField,
  booleanFilter,
  checkIssue,
  emailField,
  middleNameField,
  nameField,
  optionalEmailField,
  optionalNameField,
  optionalPasswordField,
  passwordField,
  phoneField,
  textFilter,
  validate,
  validateQuery,
} from "../validation.js";
import { PASSWORD_MIN_LENGTH } from "./users.js";

const CANNOT_DELETE_SELF = "Нельзя удалить собственную учётную запись.";

function userShape(adminFlag: string, mode: "create" | "put" | "patch") {
  const required = mode !== "patch";
  return {
    email: required ? emailField() : optionalEmailField(),
    password:
      mode === "create"
        ? passwordField({ minLength: PASSWORD_MIN_LENGTH })
        : optionalPasswordField({ minLength: PASSWORD_MIN_LENGTH }),
    first_name: required ? nameField() : optionalNameField(),
    middle_name: middleNameField(),
    last_name: required ? nameField() : optionalNameField(),
    phone: phoneField(),
    [adminFlag]: booleanField(),
    is_active: booleanField(),
  };
}

interface UserInput {
  email?: string;
  password?: string;
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  phone?: string | null;
  is_admin?: boolean;
  is_active?: boolean;
}

function parseUser(
  r: RouteContext<UserRow>,
  data: Record<string, unknown>,
  mode: "create" | "put" | "patch",
  exceptId?: number,
): UserInput {
  const flag = r.app.config.adminFlag;
  const body = validate(userShape(flag, mode), data, {
    email: (email: unknown) =>
      emailTaken(r.app.db, String(email), exceptId) ? checkIssue("unique", MSG.emailUnique) : null,
  }) as Record<string, unknown>;
  return {
    email: body.email as string | undefined,
    password: body.password as string | undefined,
    first_name: body.first_name as string | undefined,
    middle_name: body.middle_name as string | undefined,
    last_name: body.last_name as string | undefined,
    phone: body.phone as string | null | undefined,
    is_admin: body[flag] as boolean | undefined,
    is_active: body.is_active as boolean | undefined,
  };
}

const bit = (value: boolean | undefined, fallback: number) =>
  value === undefined ? fallback : value ? 1 : 0;

async function update(r: RouteContext<UserRow>, mode: "put" | "patch"): Promise<Response> {
  const { c, app } = r;
  const target = getUserById(app.db, idOf(r, notFound));
  if (!target) throw notFound();
  const input = parseUser(r, asObject(await readBody(c)), mode, target.id);
  const password =
    input.password !== undefined ? await hashPassword(input.password) : target.password;
  app.db
    .prepare(
      `UPDATE users SET email = ?, password = ?, first_name = ?, middle_name = ?, last_name = ?, phone = ?, is_admin = ?, is_active = ?
       WHERE id = ?`,
    )
    .run(
      input.email ?? target.email,
      password,
      input.first_name ?? target.first_name,
      input.middle_name ?? target.middle_name,
      input.last_name ?? target.last_name,
      input.phone === undefined ? target.phone : input.phone,
      bit(input.is_admin, target.is_admin),
      bit(input.is_active, target.is_active),
      target.id,
    );
  return json(c, adminUserJson(getUserById(app.db, target.id)!, app.config.adminFlag));
}

export function adminUsersRoutes(): RouteDef[] {
  return [
    {
      path: "admin/users/",
      name: "User List",
      auth: "admin",
      handlers: {
        GET: ({ c, app }) => {
          const params = queryParams(c);
          const flag = app.config.adminFlag;
          const filters = validateQuery(
            { email__icontains: textFilter(), full_name: textFilter(), [flag]: booleanFilter() },
            params,
          ) as {
            email__icontains?: string;
            full_name?: string;
          } & Record<string, unknown>;
          const where: string[] = [];
          const args: unknown[] = [];
          if (filters.email__icontains !== undefined) {
            where.push(icontains("email"));
            args.push(filters.email__icontains);
          }
          if (filters.full_name !== undefined) {
            where.push(icontains(FULL_NAME_SQL));
            args.push(filters.full_name);
          }
          const isAdmin = filters[flag];
          if (typeof isAdmin === "boolean") {
            where.push("is_admin = ?");
            args.push(isAdmin ? 1 : 0);
          }
          const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
          const order = orderBy(
            params,
            { email: "email", full_name: `ru_key(${FULL_NAME_SQL})`, date_joined: "date_joined" },
            ["email"],
            "id",
          );
          const { count } = app.db
            .prepare(`SELECT COUNT(*) AS count FROM users ${whereSql}`)
            .get(...args) as { count: number };
          return json(
            c,
            paginate(c, count, (limit, offset) =>
              (
                app.db
                  .prepare(`SELECT * FROM users ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
                  .all(...args, limit, offset) as UserRow[]
              ).map((user) => adminUserJson(user, flag)),
            ),
          );
        },
        POST: async (r) => {
          const { c, app } = r;
          const input = parseUser(r, asObject(await readBody(c)), "create");
          const passwordHash = await hashPassword(input.password!);
          const created = app.db.transaction((): UserRow => {
            if (emailTaken(app.db, input.email!))
              throw validationError([{ code: "unique", detail: MSG.emailUnique, attr: "email" }]);
            const result = app.db
              .prepare(
                `INSERT INTO users (email, password, first_name, middle_name, last_name, phone, is_admin, is_active, date_joined)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              )
              .run(
                input.email,
                passwordHash,
                input.first_name,
                input.middle_name ?? "",
                input.last_name,
                input.phone ?? null,
                bit(input.is_admin, 0),
                bit(input.is_active, 1),
                nowMicros(),
              );
            return getUserById(app.db, Number(result.lastInsertRowid))!;
          })();
          return json(c, adminUserJson(created, app.config.adminFlag), 201);
        },
      },
    },
    {
      path: "admin/users/:id/",
      name: "User Instance",
      auth: "admin",
      handlers: {
        GET: (r) => {
          const user = getUserById(r.app.db, idOf(r, notFound));
          if (!user) throw notFound();
          return json(r.c, adminUserJson(user, r.app.config.adminFlag));
        },
        PUT: (r) => update(r, "put"),
        PATCH: (r) => update(r, "patch"),
        DELETE: (r) => {
          const target = getUserById(r.app.db, idOf(r, notFound));
          if (!target) throw notFound();
          if (target.id === r.user.id) {
            throw validationError([
              { code: "cannot_delete_self", detail: CANNOT_DELETE_SELF, attr: null },
            ]);
          }
          r.app.db.transaction(() => {
            r.app.db.prepare("DELETE FROM users WHERE id = ?").run(target.id);
            r.app.db
              .prepare(
                "UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL",
              )
              .run(nowMicros(), target.id);
          })();
          return noContent(r.c);
        },
      },
    },
  ];
}
