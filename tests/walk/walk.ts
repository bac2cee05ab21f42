/**
 * The walk every browser engine takes through the portal (tests/webkit in
 * WebKitGTK's MiniBrowser, tests/firefox in Firefox ESR): a returning
 * resident's visit, JavaScript on, the worker in control of every page. Each
 * step is written once against a `Tab`; the engines' suites run them all and
 * fail a step on any script error, console error or CSP violation its tab saw.
 * Every flow runs in Chromium too (tests/e2e); this checks that the other
 * engines see the same portal.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";

import { visitedKey } from "../../app/pwa/starter";
import { linkQuietMessage } from "../../app/pwa/worker-parts";
import {
  heading,
  hydrated,
  pathname,
  shows,
  waitFor,
  waitForPath,
  waitUntil,
  type Tab,
} from "./tab";

export const resident = { email: "resident@example.com", password: "resident12345" };
export const admin = { email: "admin@example.com", password: "admin12345" };

export interface Walker {
  tab: Tab;
  backendUrl: string;
  /** Takes the site away (its port closed): from then on only the worker answers. */
  takeSiteAway(): Promise<void>;
  /** A file on disk with these bytes, for a file field; removed after the step. */
  file(name: string, bytes: Buffer): string;
  /** Where a step's pictures for the record go, when the suite keeps them. */
  shot?(name: string): string | undefined;
}

/** A Walker's `file`: writes the bytes under `dir`, named as the step names them. */
export function fileIn(dir: string) {
  return (name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };
}

/**
 * The problems a step must not have: every one seen before the site was taken away, and after it
 * those the site's absence (`siteGone`, in the engine's words) does not explain.
 */
export function problemsThatCount(
  problems: string[],
  seenBeforeGone: number | undefined,
  siteGone: RegExp,
) {
  return problems.filter(
    (problem, index) =>
      seenBeforeGone === undefined || index < seenBeforeGone || !siteGone.test(problem),
  );
}

export interface Step {
  name: string;
  /** The step stops the site it runs against: the suite gives it a site of its own. */
  ownSite?: boolean;
  run(walker: Walker): Promise<void>;
}

/**
 * A returning resident: the worker was installed by an earlier visit and the
 * visit noted (app/pwa/starter.ts), so it controls the first page of the step
 * as it does for most residents (decision 042). The earlier visit opens no page
 * of the portal's: what it loads is the step's to check.
 */
export async function returning(tab: Tab) {
  await tab.goto("/robots.txt");
  await tab.evaluate(
    async (key, quiet) => {
      localStorage.setItem(key, "1");
      const registration = await navigator.serviceWorker.register("/sw.js");
      // What the portal's pages say once their link is quiet (app/pwa/register.ts).
      registration.installing?.postMessage({ type: quiet });
      await navigator.serviceWorker.ready;
      return true;
    },
    visitedKey,
    linkQuietMessage,
  );
}

/** Asserts the worker controls the page shown. */
export async function underTheWorker(tab: Tab) {
  await waitUntil(tab, "the worker in control", () => Boolean(navigator.serviceWorker.controller));
}

/** On a phone the site's menu is folded behind a button: opened when it is there. */
export async function openMenu(tab: Tab) {
  const folded = await tab.evaluate(() => {
    const button = document.querySelector('header summary[aria-label="Открыть меню"]');
    return Boolean(button && button.getClientRects().length > 0);
  });
  if (folded) await tab.click({ role: "button", name: "Открыть меню", within: "header" });
}

/** The code the stand-in's outbox holds for `email`. */
async function latestCode(backendUrl: string, email: string, purpose: "register" | "reset") {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${backendUrl}/__outbox/?email=${encodeURIComponent(email)}`);
    const entries = (await response.json()) as Array<{ code: number; purpose: string }>;
    const entry = entries.find((item) => item.purpose === purpose);
    if (entry) return String(entry.code);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${purpose} code for ${email}`);
}

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

export async function signIn(
  tab: Tab,
  who: { email: string; password: string },
  redirectTo: string,
) {
  await tab.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await hydrated(tab);
  await tab.type({ label: "Электронная почта" }, who.email);
  await tab.type({ label: "Пароль" }, who.password);
  await tab.click({ role: "button", name: "Войти", within: "main form" });
  await waitForPath(tab, redirectTo);
  await waitUntil(
    tab,
    "the sign-in form gone",
    () => !document.querySelector("main input[type=password]"),
  );
}

/** The value of the field labelled `label` (the first one, as `locate` finds it). */
const valueOf = (tab: Tab, label: string) =>
  tab.evaluate((wanted) => {
    for (const element of document.querySelectorAll("label"))
      if (element.textContent?.replace(/\s+/g, " ").trim().startsWith(wanted) && element.control)
        return (element.control as HTMLInputElement).value;
    return null;
  }, label);

const linkWithoutReload: Step = {
  name: "a link opens the next page without reloading this one",
  async run({ tab }) {
    await returning(tab);
    await tab.goto("/");
    await hydrated(tab);
    await underTheWorker(tab);
    const before = await heading(tab);
    // A full load would take this mark with the old document.
    await tab.evaluate(() => {
      (window as unknown as { walkMark?: string }).walkMark = "still here";
    });
    await openMenu(tab);
    await tab.click({ role: "link", name: "Новости", within: "nav" });
    await waitForPath(tab, "/posts");
    await waitUntil(
      tab,
      "the news heading",
      () => document.querySelector("h1")?.textContent?.trim() === "Новости",
    );
    expect(before).not.toBe("Новости");
    expect(await tab.evaluate(() => (window as unknown as { walkMark?: string }).walkMark)).toBe(
      "still here",
    );
    // The news: links to posts in the page's main part.
    expect(
      await tab.evaluate(() => document.querySelectorAll('main a[href^="/posts/item/"]').length),
    ).toBeGreaterThan(0);
  },
};

const accountNumbers = (tab: Tab) =>
  tab.evaluate(() => document.querySelector("main")?.innerText.match(/\b\d{10}\b/g) ?? []);

const residentsDay: Step = {
  name: "a resident signs in, sees the accounts, is refused a wrong account with the number kept, switches the theme and signs out",
  async run({ tab, shot }) {
    await returning(tab);
    await signIn(tab, resident, "/profile/accounts");
    await hydrated(tab);
    await underTheWorker(tab);
    const numbers = await waitUntil(tab, "the accounts", () => {
      const found = document.querySelector("main")?.innerText.match(/\b\d{10}\b/g) ?? [];
      return found.length >= 2 && [...found];
    });
    expect([...new Set(numbers as string[])]).toEqual(["1000000001", "1000000002"]);
    const accountsShot = shot?.("accounts");
    if (accountsShot) await tab.screenshot(accountsShot);

    // No such number: refused beside the form, what was typed still in the fields.
    const refusal =
      "Лицевой счёт с таким номером и фамилией не найден. Проверьте номер и фамилию владельца.";
    await tab.type({ label: "Номер лицевого счёта" }, "1999999999");
    await tab.type({ label: "Фамилия владельца" }, "Петров");
    await tab.click({ role: "button", name: "Привязать" });
    await waitUntil(
      tab,
      "the refusal in the account's form",
      (wanted) => {
        for (const label of document.querySelectorAll("label"))
          if (label.textContent?.includes("Номер лицевого счёта") && label.control)
            return (label.control as HTMLInputElement).form?.innerText.includes(wanted);
        return false;
      },
      refusal,
    );
    expect(await pathname(tab)).toBe("/profile/accounts");
    expect(await valueOf(tab, "Номер лицевого счёта")).toBe("1999999999");
    expect(await valueOf(tab, "Фамилия владельца")).toBe("Петров");
    expect([...new Set(await accountNumbers(tab))].filter((n) => n !== "1999999999")).toEqual([
      "1000000001",
      "1000000002",
    ]);

    // The theme: the whole page turns dark (background dark, text light).
    await tab.click({ role: "button", name: "Включить тёмную тему", within: "header" });
    const colours = await waitUntil(tab, "a dark page", () => {
      const style = getComputedStyle(document.body);
      // The mean of red, green and blue: under 50 is dark, over 200 light.
      const [background, text] = [style.backgroundColor, style.color].map((colour) =>
        (colour.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, part) => sum + Number(part) / 3, 0),
      );
      return (
        document.body.classList.contains("dark") &&
        background! < 50 &&
        text! > 200 &&
        style.backgroundColor
      );
    });
    expect(colours).toBe("rgb(15, 20, 27)");
    await waitFor(tab, { role: "button", name: "Включить светлую тему", within: "header" });

    // Signing out: from the profile menu, back to the home page, signed out.
    await tab.click({ role: "button", name: "Меню профиля", within: "header" });
    await tab.click({ role: "button", name: "Выйти", within: "header" });
    await waitForPath(tab, "/");
    await shows(tab, "Вы вышли из личного кабинета");
    await waitFor(tab, { role: "link", name: "Войти", within: "header" });
    await tab.goto("/profile/accounts");
    await waitForPath(tab, "/auth");
  },
};

const registration: Step = {
  name: "a newcomer registers: the four code slots send the code by themselves, and the newcomer lands signed in",
  async run({ tab, backendUrl }) {
    const email = uniqueEmail("walk-newcomer");
    await returning(tab);
    await tab.goto("/auth/registration");
    await hydrated(tab);
    await underTheWorker(tab);
    await tab.type({ label: "Электронная почта" }, email);
    await tab.click({ label: "Я даю согласие на обработку моих персональных данных" });
    await tab.click({ role: "button", name: "Далее" });
    const code = await latestCode(backendUrl, email, "register");
    await waitFor(tab, { label: "Код из письма, 4 цифры" });
    // Typed digit by digit, and no button pressed: the fourth sends it.
    await tab.type({ label: "Код из письма, 4 цифры" }, code);
    await waitUntil(tab, "the profile step", () =>
      document.querySelector('[aria-current="step"]')?.textContent?.includes("Заполнение"),
    );
    await tab.type({ label: "Пароль" }, "walk-password-1");
    await tab.type({ label: "Повторите пароль" }, "walk-password-1");
    await tab.type({ label: "Фамилия" }, "Новиков");
    await tab.type({ label: "Имя" }, "Пётр");
    await tab.click({ role: "button", name: "Зарегистрироваться" });
    await waitForPath(tab, "/profile");
    await shows(tab, "Регистрация завершена. Вы вошли в личный кабинет.");
    await waitUntil(tab, "the surname in the profile", async () => {
      for (const label of document.querySelectorAll("label"))
        if (label.textContent?.trim().startsWith("Фамилия") && label.control)
          return (label.control as HTMLInputElement).value === "Новиков";
      return false;
    });
  },
};

/** A resident of the step's own, made through the stand-in's API (not the demo one, whose password stays). */
async function newResident(backendUrl: string) {
  const email = uniqueEmail("walk-reset");
  const post = (path: string, body: unknown) =>
    fetch(`${backendUrl}/api/v1/client/users/${path}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await post("register_email", { email })).status).toBe(200);
  const code = Number(await latestCode(backendUrl, email, "register"));
  const created = await post("register_profile", {
    code,
    password: "first-password",
    password_confirmation: "first-password",
    first_name: "Ольга",
    last_name: "Смирнова",
  });
  expect(created.status).toBe(201);
  return email;
}

const passwordReset: Step = {
  name: "a resident who forgot the password gets a code, sets a new one and is signed in with it",
  async run({ tab, backendUrl }) {
    const email = await newResident(backendUrl);
    await returning(tab);
    await tab.goto("/auth/reset");
    await hydrated(tab);
    await underTheWorker(tab);
    await tab.type({ label: "Электронная почта" }, email);
    await tab.click({ role: "button", name: "Получить код" });
    const code = await latestCode(backendUrl, email, "reset");
    await waitFor(tab, { label: "Новый пароль" });
    await tab.type({ label: "Код из письма" }, code);
    await tab.type({ label: "Новый пароль" }, "second-password");
    await tab.type({ label: "Повторите пароль" }, "second-password");
    await tab.click({ role: "button", name: "Сменить пароль" });
    await waitForPath(tab, "/profile");
    await shows(tab, "Пароль изменён. Вы вошли в личный кабинет.");
    expect(await valueOf(tab, "Фамилия")).toBe("Смирнова");
  },
};

/** A 48×32 JPEG, as the engine itself encodes it (canvas), for the upload. */
const cameraPicture = (tab: Tab) =>
  tab.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 48;
    canvas.height = 32;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "rgb(40, 140, 80)";
    context.fillRect(0, 0, 48, 32);
    return canvas.toDataURL("image/jpeg", 0.9).split(",")[1]!;
  });

const publishing: Step = {
  name: "an administrator publishes a post with a picture, and the news shows it with the picture",
  async run({ tab, file }) {
    await returning(tab);
    const title = `Двор ${Date.now().toString(36)}`;
    await signIn(tab, admin, "/posts/create");
    await hydrated(tab);
    await underTheWorker(tab);
    const picture = file("photo.jpg", Buffer.from(await cameraPicture(tab), "base64"));
    await tab.type({ label: "Заголовок" }, title);
    await tab.type({ label: "Текст" }, "Лавочки **покрашены**.");
    await tab.upload({ label: "Картинки" }, picture);
    expect(
      await tab.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>("main input[type=file]");
        return [...(input?.files ?? [])].map((chosen) => chosen.name);
      }),
    ).toEqual(["photo.jpg"]);
    await tab.click({ role: "button", name: "Опубликовать" });
    await shows(tab, `Публикация «${title}» создана`);
    await waitForPath(tab, /^\/admin\/posts\/\d+\/edit$/);
    // The picture is the post's now: the first of its pictures, named after it, and shown (the
    // page is left only once it has loaded: a fetch cut by the next navigation is an error in Firefox).
    expect(
      await waitUntil(
        tab,
        "the post's picture shown on its page",
        (wanted) => {
          const pictures = [...document.querySelectorAll<HTMLImageElement>("main img")].filter(
            (image) => image.alt.includes(wanted),
          );
          // Loaded lazily: in view, as a resident scrolling to it.
          pictures[0]?.scrollIntoView();
          return (
            pictures.every((image) => image.complete && image.naturalWidth > 0) && pictures.length
          );
        },
        `публикации «${title}»`,
      ),
    ).toBe(1);

    // The news: the card with its picture, then the post with it, by links.
    await tab.goto(`/posts?q=${encodeURIComponent(title)}`);
    await hydrated(tab);
    const cards = await waitUntil(tab, "one card, its picture shown", () => {
      const links = [
        ...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/posts/item/"]'),
      ];
      const hrefs = [...new Set(links.map((link) => link.getAttribute("href")))];
      const images = [...document.querySelectorAll<HTMLImageElement>("main img")];
      return (
        hrefs.length === 1 &&
        images.some((image) => image.complete && image.naturalWidth > 0) &&
        links.map((link) => link.textContent?.trim()).filter(Boolean)
      );
    });
    expect(cards).toContain(title);
    await tab.click({ role: "link", name: title, within: "main" });
    await waitForPath(tab, /^\/posts\/item\/\d+$/);
    await waitUntil(
      tab,
      "the post's heading",
      (wanted) => document.querySelector("h1")?.textContent === wanted,
      title,
    );
    expect(await tab.evaluate(() => document.querySelector("main strong")?.textContent)).toBe(
      "покрашены",
    );
    const shown = await waitUntil(
      tab,
      "the post's picture shown",
      (wanted) => {
        const image = [...document.querySelectorAll<HTMLImageElement>("main img")].find((each) =>
          each.alt.includes(wanted),
        );
        image?.scrollIntoView();
        return (
          image?.complete &&
          image.naturalWidth > 0 && {
            alt: image.alt,
            width: image.naturalWidth,
            height: image.naturalHeight,
          }
        );
      },
      title,
    );
    expect(shown).toEqual({ alt: expect.stringContaining(title), width: 48, height: 32 });
  },
};

const readOffline: Step = {
  name: "a post read before is opened by a link with the site gone, from its saved copy",
  ownSite: true,
  async run({ tab, takeSiteAway, shot }) {
    await returning(tab);
    await tab.goto("/");
    await hydrated(tab);
    await underTheWorker(tab);
    // Read as a resident reads: the news, then a post, by links; the worker keeps each once the page is quiet.
    await openMenu(tab);
    await tab.click({ role: "link", name: "Новости", within: "nav" });
    await waitForPath(tab, "/posts");
    const [post, name] = (await waitUntil(tab, "a post in the news", () => {
      const link = document.querySelector('main a[href^="/posts/item/"]');
      const text = link?.textContent?.replace(/\s+/g, " ").trim();
      return link && text ? [link.getAttribute("href")!, text] : null;
    })) as [string, string];
    await tab.click({ role: "link", name, within: "main" });
    await waitForPath(tab, post);
    await waitUntil(
      tab,
      "the post's heading",
      // A heading, and not the news': between the two pages there may be none.
      () => {
        const text = document.querySelector("h1")?.textContent;
        return Boolean(text) && text !== "Новости";
      },
    );
    const title = await heading(tab);
    await waitUntil(
      tab,
      "the news and the post saved",
      (paths) =>
        caches
          .open("portal-pages")
          .then((pages) => pages.keys())
          .then((keys) => {
            const saved = keys.map((request) => new URL(request.url).pathname);
            return paths.every((path) => saved.includes(path));
          }),
      ["/posts", post],
    );
    // Back to the news by its link in the breadcrumbs.
    await tab.click({ role: "link", name: "Новости", within: "header" });
    await waitForPath(tab, "/posts");
    await hydrated(tab);
    await takeSiteAway();

    // The site gone, a link to the post read before: the worker answers with its saved copy.
    await tab.click({ role: "link", name, within: "main" });
    await shows(tab, "Сохранённая копия от");
    await waitForPath(tab, post);
    expect(await heading(tab)).toBe(title);
    const offlineShot = shot?.("post-offline");
    if (offlineShot) await tab.screenshot(offlineShot);
    // An address typed with the site gone: the news from its copy too.
    await tab.goto("/posts");
    await shows(tab, "Сохранённая копия от");
    expect(await heading(tab)).toBe("Новости");
  },
};

export const walk: Step[] = [
  linkWithoutReload,
  residentsDay,
  registration,
  passwordReset,
  publishing,
  readOffline,
];
