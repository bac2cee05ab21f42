/**
 * The portal in English and in Sakha, JavaScript off and on: the
 * public pages and a resident's and an administrator's main flows, each
 * asserted with the language's own texts from app/locales. In English no
 * interface text is Cyrillic (data such as post titles and addresses may be).
 * Russian runs through every other spec.
 */
import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "@playwright/test";

import { admin, createResident, expect, hydrated, test } from "./fixtures";

const localeFile = (lng: string, ns: string): object =>
  JSON.parse(readFileSync(new URL(`../../app/locales/${lng}/${ns}.json`, import.meta.url), "utf8"));
/** The language's texts by dotted key; the administration's own under `admin.`. */
const translation = (lng: string): object => ({
  ...localeFile(lng, "translation"),
  admin: localeFile(lng, "admin"),
});

const cyrillic = /[А-Яа-яЁё]/;
const languages = {
  en: { tag: "en", texts: translation("en") },
  ykt: { tag: "sah", texts: translation("ykt") },
} as const;

/** The language cookie as the switch writes it (React Router cookies are base64 JSON). */
async function choose(
  context: BrowserContext,
  baseURL: string | undefined,
  lng: keyof typeof languages,
) {
  await context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(lng)).toString("base64"), url: baseURL! },
  ]);
}

/** A text of the language's translation file by its dotted key. */
function textOf(texts: object, key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  if (typeof value !== "string") throw new Error(`no text ${key}`);
  return value;
}

async function expectNoRussianIn(where: Locator, lng: keyof typeof languages) {
  if (lng === "en") expect(await where.innerText()).not.toMatch(cyrillic);
}

for (const lng of ["en", "ykt"] as const) {
  const { tag, texts } = languages[lng];
  const t = (key: string) => textOf(texts, key);

  test.describe(`in ${lng}`, () => {
    test.beforeEach(async ({ context, baseURL }) => choose(context, baseURL, lng));

    test("a value of the address left unused is named in the language's own quotes", async ({
      page,
    }) => {
      await page.goto("/rates?page=abc");
      const name = t("list.quoted").replace("{{name}}", t("list.page"));
      const notice = page.locator(".notice");
      await expect(notice).toHaveText(
        `${t("list.ignored").replace("{{params}}", name)} ${t("list.ignoredCorrect")}`,
      );
      if (lng === "en") expect(await notice.innerText()).not.toMatch(/[«»]/);
    });

    test("the public pages speak the language in their menu, crumbs and headings", async ({
      page,
    }) => {
      const paths: Array<[string, string]> = [
        ["/", "nav.home"],
        ["/posts", "posts.title"],
        ["/rates", "rates.title"],
      ];
      for (const [path, title] of paths) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("lang", tag);
        const menu = page.locator(".shell__left");
        for (const key of ["nav.home", "nav.posts", "nav.rates"])
          await expect(menu.getByRole("link", { name: t(key), exact: true })).toBeVisible();
        await expectNoRussianIn(menu, lng);
        if (path !== "/")
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(title));
      }
      // A post: its text is data, the page around it is the language's.
      await page.goto("/posts");
      await page.locator(".post-card__link").first().click();
      await expect(page).toHaveURL(/\/posts\/item\/\d+$/);
      await expect(
        page.locator("nav[aria-label] a", { hasText: t("posts.title") }).first(),
      ).toBeVisible();
      await expectNoRussianIn(page.locator(".shell__left"), lng);
    });

    test("a resident signs in, finds the profile and accounts, is refused a wrong account, and signs out", async ({
      page,
      jsEnabled,
    }) => {
      const user = await createResident(`lang-${lng}`);
      await page.goto("/auth");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("auth.loginTitle"));
      await page.getByLabel(t("auth.email"), { exact: true }).fill(user.email);
      await page.getByLabel(t("auth.password"), { exact: true }).fill(user.password);
      await page.getByRole("button", { name: t("auth.submit"), exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
      await page.goto("/profile");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("profile.title"));
      // The resident's name is data; the page's headings, labels and buttons are the interface.
      for (const text of await page
        .locator("main")
        .locator("h1, h2, h3, label, legend, button, dt")
        .allInnerTexts())
        if (lng === "en") expect(text).not.toMatch(cyrillic);

      await page
        .locator(".shell__left")
        .getByRole("link", { name: t("nav.accounts"), exact: true })
        .click();
      await expect(page).toHaveURL(/\/profile\/accounts$/);
      if (jsEnabled) await hydrated(page);
      const form = page.locator("form#attach-account");
      await form.getByLabel(t("accounts.attachNumber")).fill("9999999999");
      await form.getByLabel(t("accounts.attachSurname")).fill("Nobody");
      await form.getByRole("button", { name: t("accounts.attach"), exact: true }).click();
      await expect(form.getByText(t("accounts.notFound"), { exact: true })).toBeVisible();
      await expectNoRussianIn(form, lng);

      await signOut(page, t("shell.logout"));
      await expect(
        page.locator(".topbar").getByRole("link", { name: t("shell.signIn"), exact: true }),
      ).toBeVisible();
    });

    test("an administrator writes a post with a preview and publishes it", async ({
      page,
      jsEnabled,
    }) => {
      await page.goto("/auth?redirectTo=%2Fposts%2Fcreate");
      // Typed once the form is React's: typed before, it could be lost to hydration.
      if (jsEnabled) await hydrated(page);
      await page.getByLabel(t("auth.email"), { exact: true }).fill(admin.email);
      await page.getByLabel(t("auth.password"), { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: t("auth.submit"), exact: true }).click();
      await expect(page).toHaveURL(/\/posts\/create$/);
      if (jsEnabled) await hydrated(page);
      const title = `${lng} ${Date.now()}`;
      await page.getByLabel(t("admin.posts.formTitle"), { exact: true }).fill(title);
      await page.getByLabel(t("admin.posts.formText"), { exact: true }).fill("**Bold** words.");
      await page.getByRole("button", { name: t("admin.posts.preview"), exact: true }).click();
      await expect(page.locator(".post-preview strong")).toHaveText("Bold");
      await expectNoRussianIn(page.locator("main form"), lng);
      await page.getByRole("button", { name: t("admin.posts.createSubmit"), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/posts\/\d+\/edit$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoRussianIn(page.locator(".shell__left"), lng);
    });
  });
}

/** Signs out from the top bar's profile menu. */
async function signOut(page: Page, label: string) {
  const menu = page.locator(".topbar .profile-menu");
  await menu.locator("summary").click();
  await menu.getByRole("button", { name: label, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/profile"));
}
