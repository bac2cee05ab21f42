/** Admin API: users. */
import { beforeAll, describe, expect, test } from "vitest";

import {
  ADMIN,
  ADMIN_USER_KEYS,
  adminToken,
  byNumber,
  byText,
  byTime,
  call,
  decodeJwt,
  expectError,
  expectFieldErrors,
  expectKeys,
  expectPage,
  expectSorted,
  FLAG,
  get,
  ISO_TIME,
  login,
  unique,
  uniqueEmail,
  type AdminUser,
  type Page,
} from "./helpers.js";

const send = async (method: string, path: string, json?: unknown) =>
  call<AdminUser>(method, path, { json, token: await adminToken() });
const list = async (query: Record<string, string | number> = {}) =>
  get<Page<AdminUser>>("admin/users/", { query, token: await adminToken() });

function newUser(fields: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail("adm"),
    password: "Admin-made-42",
    first_name: "Анна",
    last_name: "Петрова",
    ...fields,
  };
}

describe("GET admin/users/", () => {
  const surname = unique("Фамилия");
  const created: AdminUser[] = [];

  beforeAll(async () => {
    for (const [first, admin] of [
      ["Борис", true],
      ["Алла", false],
      ["Вера", false],
    ] as const) {
      const response = await send(
        "POST",
        "admin/users/",
        newUser({ first_name: first, last_name: surname, middle_name: "Ивановна", [FLAG]: admin }),
      );
      expect(response.status, response.text).toBe(201);
      created.push(response.body);
    }
  });

  test("a page of AdminUsers, by email", async () => {
    const page = expectPage(await list({ page_size: 100 }));
    expect(page.count).toBeGreaterThanOrEqual(3);
    for (const user of page.results) {
      expectKeys(user, ADMIN_USER_KEYS);
      expect(typeof user[FLAG]).toBe("boolean");
      expect(typeof user.is_active).toBe("boolean");
      expect(user.date_joined).toMatch(ISO_TIME);
    }
    expectSorted(
      page.results.map((user) => user.email),
      (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    );
  });

  test("full_name is «last first middle», single-spaced", async () => {
    expect(created[0]!.full_name).toBe(`${surname} Борис Ивановна`);
    const noMiddle = await send(
      "POST",
      "admin/users/",
      newUser({ first_name: "Ян", last_name: "Ли" }),
    );
    expect(noMiddle.body.full_name).toBe("Ли Ян");
    expect(noMiddle.body.middle_name).toBe("");
  });

  test("filters: email__icontains, full_name (contains, any case), the admin flag", async () => {
    const byEmail = expectPage(
      await list({ email__icontains: created[1]!.email.slice(0, 10).toUpperCase() }),
    );
    expect(byEmail.results.map((user) => user.id)).toEqual([created[1]!.id]);

    const byName = expectPage(await list({ full_name: `${surname.toLowerCase()} ал` }));
    expect(byName.results.map((user) => user.id)).toEqual([created[1]!.id]);
    expect(expectPage(await list({ full_name: surname.toUpperCase() })).count).toBe(3);

    const admins = expectPage(await list({ full_name: surname, [FLAG]: "true" }));
    expect(admins.results.map((user) => user.id)).toEqual([created[0]!.id]);
    const residents = expectPage(await list({ full_name: surname, [FLAG]: "false" }));
    expect(residents.results.map((user) => user.id).sort(byNumber)).toEqual(
      [created[1]!.id, created[2]!.id].sort(byNumber),
    );
    expect(expectPage(await list({ full_name: surname, [FLAG]: "whatever" })).count).toBe(3);

    const everyAdmin = expectPage(await list({ [FLAG]: "true", page_size: 100 }));
    expect(everyAdmin.results.every((user) => user[FLAG] === true)).toBe(true);
    expect(everyAdmin.results.map((user) => user.email)).toContain(ADMIN.email);
  });

  test("ordering: email, full_name, date_joined, both directions", async () => {
    const all = async (ordering: string) =>
      expectPage(await list({ ordering, page_size: 100 })).results;
    const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    expectSorted(
      (await all("email")).map((u) => u.email),
      byString,
    );
    expectSorted(
      (await all("-email")).map((u) => u.email),
      byString,
      true,
    );
    expectSorted(
      (await all("full_name")).map((u) => u.full_name),
      byText,
    );
    expectSorted(
      (await all("-full_name")).map((u) => u.full_name),
      byText,
      true,
    );
    expectSorted(
      (await all("date_joined")).map((u) => u.date_joined),
      byTime,
    );
    expectSorted(
      (await all("-date_joined")).map((u) => u.date_joined),
      byTime,
      true,
    );
    const mine = expectPage(await list({ full_name: surname, ordering: "-date_joined" })).results;
    expect(mine.map((u) => u.id)).toEqual([...created].reverse().map((u) => u.id));
  });
});

describe("POST admin/users/", () => {
  test("creates an AdminUser (201) who can log in", async () => {
    const fields = newUser({
      email: uniqueEmail("NEW").toUpperCase(),
      middle_name: "Сергеевна",
      phone: "79140001122",
      [FLAG]: true,
      is_active: true,
    });
    const response = await send("POST", "admin/users/", fields);
    expect(response.status, response.text).toBe(201);
    expectKeys(response.body, ADMIN_USER_KEYS);
    expect(response.body).toMatchObject({
      email: String(fields.email).toLowerCase(),
      first_name: "Анна",
      middle_name: "Сергеевна",
      last_name: "Петрова",
      full_name: "Петрова Анна Сергеевна",
      phone: "79140001122",
      [FLAG]: true,
      is_active: true,
    });
    const pair = await login(String(fields.email), fields.password);
    expect(decodeJwt(pair.access).payload[FLAG]).toBe(true);
  });

  test("defaults: not an admin, active, no phone", async () => {
    const response = await send("POST", "admin/users/", newUser());
    expect(response.body).toMatchObject({
      [FLAG]: false,
      is_active: true,
      phone: null,
      middle_name: "",
    });
  });

  test("400 per field: unique e-mail (any case), required fields, formats", async () => {
    const first = await send("POST", "admin/users/", newUser());
    expectFieldErrors(
      await send("POST", "admin/users/", newUser({ email: first.body.email.toUpperCase() })),
      { email: "unique" },
    );
    expectFieldErrors(await send("POST", "admin/users/", {}), {
      email: "required",
      password: "required",
      first_name: "required",
      last_name: "required",
    });
    expectFieldErrors(
      await send(
        "POST",
        "admin/users/",
        newUser({ email: "bad", password: "short", phone: "12", [FLAG]: "nope" }),
      ),
      {
        email: "invalid",
        password: "password_too_short",
        phone: "invalid",
        [FLAG]: "invalid",
      },
    );
  });
});

describe("GET / PUT / PATCH / DELETE admin/users/{id}/", () => {
  test("GET answers the AdminUser, or 404", async () => {
    const created = await send("POST", "admin/users/", newUser());
    const response = await send("GET", `admin/users/${created.body.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created.body);
    expectError(await send("GET", "admin/users/99999999/"), 404, "not_found", null);
  });

  test("PUT replaces the fields; without password the password stays", async () => {
    const fields = newUser();
    const created = await send("POST", "admin/users/", fields);
    const email = uniqueEmail("put");
    const response = await send("PUT", `admin/users/${created.body.id}/`, {
      email,
      first_name: "Глеб",
      middle_name: "",
      last_name: "Орлов",
      phone: "79145556677",
      [FLAG]: false,
      is_active: true,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      id: created.body.id,
      email,
      full_name: "Орлов Глеб",
      phone: "79145556677",
    });
    await login(email, fields.password);
    expectFieldErrors(
      await send("PUT", `admin/users/${created.body.id}/`, { first_name: "Глеб" }),
      { email: "required", last_name: "required" },
    );
  });

  test("PATCH changes any field; a password sets a new one", async () => {
    const fields = newUser();
    const created = await send("POST", "admin/users/", fields);
    const promoted = await send("PATCH", `admin/users/${created.body.id}/`, { [FLAG]: true });
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body).toMatchObject({
      [FLAG]: true,
      email: created.body.email,
      first_name: "Анна",
    });
    const renamed = await send("PATCH", `admin/users/${created.body.id}/`, {
      middle_name: "Олеговна",
      password: "Changed-pass-42",
    });
    expect(renamed.body.full_name).toBe("Петрова Анна Олеговна");
    await login(created.body.email, "Changed-pass-42");
    expectError(
      await call("POST", "client/users/login/", {
        json: { email: created.body.email, password: fields.password },
      }),
      401,
      "authentication_failed",
    );
    expectFieldErrors(
      await send("PATCH", `admin/users/${created.body.id}/`, { email: ADMIN.email }),
      { email: "unique" },
    );
    expectFieldErrors(
      await send("PATCH", `admin/users/${created.body.id}/`, { password: "short" }),
      { password: "password_too_short" },
    );
    expectError(
      await send("PATCH", "admin/users/99999999/", { first_name: "Имя" }),
      404,
      "not_found",
      null,
    );
  });

  test("DELETE answers 204; then 404", async () => {
    const created = await send("POST", "admin/users/", newUser());
    const response = await send("DELETE", `admin/users/${created.body.id}/`);
    expect(response.status).toBe(204);
    expectError(await send("GET", `admin/users/${created.body.id}/`), 404, "not_found", null);
    expectError(await send("DELETE", `admin/users/${created.body.id}/`), 404, "not_found", null);
  });

  test("an admin deleting themself is 400 cannot_delete_self", async () => {
    const me = decodeJwt(await adminToken()).payload.user_id;
    expectError(await send("DELETE", `admin/users/${String(me)}/`), 400, "cannot_delete_self");
    expect((await send("GET", `admin/users/${String(me)}/`)).status).toBe(200);
  });
});
