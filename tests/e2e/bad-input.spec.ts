/**
 * Malformed requests to every action and malformed query strings to every
 * loader: each answer is a 4xx with a message or a corrected page; never a
 * 5xx, never a stack trace.
 */
import type { APIResponse, Page } from "@playwright/test";

import { admin, createResident, expect, signIn, test } from "./fixtures";

const big = "я".repeat(512 * 1024); // 1 MB of UTF-8

function bodies(): Array<{
  name: string;
  data?: string | Buffer;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}> {
  return [
    {
      name: "empty body",
      data: "",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    { name: "missing fields", form: { intent: "profile" } },
    { name: "unknown intent", form: { intent: "drop-tables" } },
    {
      name: "wrong types",
      data: "email[]=a&email[]=b&password[x]=1&code=abcd&id=%00&is_actual=maybe",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      name: "repeated fields",
      data: "intent=save&title=a&title=b&text=x&text=y&email=a@b.ru&email=c@d.ru",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      name: "invalid UTF-8",
      data: Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      name: "percent garbage",
      data: "email=%E0%A4%A&password=%FF%FE",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
    {
      name: "JSON instead of a form",
      data: '{"email": "resident@example.com", "password": 1}',
      headers: { "Content-Type": "application/json" },
    },
    { name: "text/plain", data: "hello", headers: { "Content-Type": "text/plain" } },
    {
      name: "broken multipart",
      data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    },
    {
      name: "1 MB field",
      data: `intent=profile&first_name=${encodeURIComponent(big)}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    },
  ];
}

async function expectHandled(response: APIResponse, label: string) {
  expect(response.status(), label).toBeLessThan(500);
  const text = await response.text();
  expect(text, label).not.toMatch(/\n\s+at [\w.<>]+ \(|node_modules\/|TypeError|ReferenceError/);
}

async function sendCorpus(page: Page, paths: string[]) {
  for (const path of paths) {
    for (const body of bodies()) {
      const response = await page.request.post(path, { ...body, maxRedirects: 0, timeout: 20_000 });
      await expectHandled(response, `${path}: ${body.name}`);
    }
  }
}

test.describe("malformed requests", { tag: "@server" }, () => {
  test("to the public and sign-in actions", async ({ page }) => {
    await sendCorpus(page, [
      "/auth",
      "/auth/registration",
      "/auth/reset",
      "/resources/theme",
      "/resources/language",
      "/resources/logout",
      "/posts",
    ]);
  });

  test("to the resident's actions", async ({ page }) => {
    const user = await createResident("fuzz");
    await signIn(page, user);
    await sendCorpus(page, [
      "/profile",
      "/profile/accounts",
      "/profile/accounts/1000000001/detach",
      "/profile/accounts/abc/detach",
    ]);
  });

  test("to the administrators' actions", async ({ page }) => {
    await signIn(page, admin, "/posts/create");
    await page.getByLabel("Заголовок").fill(`Цель для проверки ${Date.now()}`);
    await page.getByLabel("Текст").fill("Эту публикацию проверяют некорректными запросами.");
    await page.getByRole("button", { name: "Опубликовать" }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
    const postId = page.url().split("/").at(-2)!;
    await sendCorpus(page, [
      "/posts/create",
      `/admin/posts/${postId}/edit`,
      `/admin/posts/${postId}/edit?intent=replace`,
      `/admin/posts/${postId}/images`,
      "/admin/users/new",
      "/admin/users/999999/edit",
      "/admin/images/999999/delete",
    ]);
  });

  test("over the body cap, before it is read", async ({ page }) => {
    const response = await page.request.post("/auth", {
      data: `email=${"a".repeat(200 * 1024)}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    expect(await response.text()).toContain("Слишком большой запрос");
  });
});

test.describe("malformed query strings", { tag: "@server" }, () => {
  test("every list and detail answers with a page, not a 5xx", async ({ page }) => {
    const user = await createResident("query");
    await signIn(page, user);
    const queries = [
      "/posts?page=%FF%FE&day=99999-99-99&status[]=x&sort=%00",
      "/posts?page=-1&q=" + "x".repeat(5000),
      "/posts?page=1e309",
      "/posts/item/1%00",
      "/posts/item/99999999999999999999",
      "/rates?day=2026-13-40&sort=../../etc",
      "/rates/item/-5",
      "/about/info?year=abc&from=2026-02-30&to=x&sort=year;drop",
      "/about/info?from=2026-05-01&to=2026-01-01",
      "/about/info/item/%2e%2e",
      "/profile/accounts?number=abc&address=%ZZ&page=0",
      "/media/../../etc/passwd",
      "/media/%2e%2e/secret",
      "/locales/xx/translation.json",
      "/locales/rus/evil.json",
    ];
    for (const path of queries) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      await expectHandled(response, path);
    }
  });
});
