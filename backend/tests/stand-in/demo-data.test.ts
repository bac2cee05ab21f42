/**
 * The demo data the README and the portal's e2e tests rely on.
 * Stand-in data: a real backend passes only if it has the same fixtures.
 */
import { describe, expect, test } from "vitest";

import {
  ADMIN,
  adminToken,
  expectPage,
  FLAG,
  get,
  login,
  RESIDENT,
  residentToken,
  type Account,
  type AdminUser,
  type Page,
  type Post,
  type Rate,
  type Report,
  type User,
} from "../helpers.js";

describe("demo data", () => {
  test("the administrator and the resident", async () => {
    const admin = await get<User>("client/users/me/", {
      token: (await login(ADMIN.email, ADMIN.password)).access,
    });
    expect(admin.body[FLAG]).toBe(true);
    const resident = await get<User>("client/users/me/", { token: await residentToken() });
    expect(resident.body).toMatchObject({
      first_name: "Иван",
      middle_name: "Иванович",
      last_name: "Иванов",
      phone: "79141234567",
      [FLAG]: false,
    });
    expect(RESIDENT.email).toBe(resident.body.email);
  });

  test("the resident's accounts", async () => {
    const page = expectPage(
      await get<Page<Account>>("client/accounts/", { token: await residentToken() }),
    );
    const demo = page.results.filter(
      (account) => account.id === "1000000001" || account.id === "1000000002",
    );
    expect(demo).toHaveLength(2);
    expect(demo.every((account) => account.customer === "Иванов Иван Иванович")).toBe(true);
    expect(demo.some((account) => Number(account.balance) > 0)).toBe(true);
    expect(demo.some((account) => Number(account.balance) < 0)).toBe(true);
  });

  test("more users: several admins, an inactive one", async () => {
    const page = expectPage(
      await get<Page<AdminUser>>("admin/users/", {
        token: await adminToken(),
        query: { page_size: 100 },
      }),
    );
    expect(page.results.filter((user) => user[FLAG] === true).length).toBeGreaterThanOrEqual(2);
    expect(page.results.some((user) => !user.is_active)).toBe(true);
  });

  test("at least 25 posts over several days, current and not, one with images, one with a script as text", async () => {
    const page = expectPage(
      await get<Page<Post>>("client/posts/", { query: { page_size: 100, ordering: "created_at" } }),
    );
    expect(page.count).toBeGreaterThanOrEqual(25);
    const seeded = page.results.filter((item) => item.created_at.startsWith("2026-"));
    expect(new Set(seeded.map((item) => item.created_at.slice(0, 10))).size).toBeGreaterThan(5);
    expect(seeded.some((item) => item.is_actual)).toBe(true);
    expect(seeded.some((item) => !item.is_actual)).toBe(true);
    expect(seeded.some((item) => item.text.includes("<script>alert(1)</script>"))).toBe(true);
    expect(seeded.some((item) => item.text.includes("\n\n"))).toBe(true);
    const withImages = seeded.find((item) => item.images.length >= 2)!;
    expect(withImages).toBeDefined();
    for (const image of withImages.images) {
      const response = await fetch(image.image);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\//);
    }
  });

  test("at least 12 tariffs with units", async () => {
    const page = expectPage(await get<Page<Rate>>("client/rates/", { query: { page_size: 100 } }));
    expect(page.count).toBeGreaterThanOrEqual(12);
    const units = new Set(page.results.map((rate) => rate.unit));
    for (const unit of ["м³", "кВт·ч", "м²", "чел.", "Гкал"]) expect(units).toContain(unit);
  });

  test("at least 8 reports across 3 years, one without a file", async () => {
    const page = expectPage(
      await get<Page<Report>>("client/reports/", { query: { page_size: 100 } }),
    );
    expect(page.count).toBeGreaterThanOrEqual(8);
    expect(new Set(page.results.map((report) => report.year)).size).toBeGreaterThanOrEqual(3);
    expect(page.results.some((report) => report.file === null)).toBe(true);
  });

  test("the resident holds 1000000001 and 1000000002 of «Иванов Иван Иванович»; one is paid in advance", async () => {
    const page = expectPage(
      await get<Page<Account>>("client/accounts/", { token: await residentToken() }),
    );
    const demo = page.results.filter((account) =>
      ["1000000001", "1000000002"].includes(account.id),
    );
    expect(demo.map((account) => account.id).sort()).toEqual(["1000000001", "1000000002"]);
    expect(demo.every((account) => account.customer === "Иванов Иван Иванович")).toBe(true);
    expect(demo.some((account) => account.balance.startsWith("-"))).toBe(true);
    expect(demo.some((account) => Number(account.balance) > 0)).toBe(true);
  });
});
