/**
 * Rough edges outside forms, as a resident or an administrator
 * meets them: a reversed date range, paying one account, the demo's promises,
 * filters on a phone, lines that break inside a phone number, archive marks,
 * target sizes, and a demo whose stand-in dies.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

import type { Page as ListPage, Post } from "../../app/utils/api/types";
import { freePort, startPortal } from "../support/stack.js";
import {
  admin,
  backendGet,
  backendUrl,
  createResident,
  expect,
  hydrated,
  resident,
  signIn,
  test,
} from "./fixtures";

test.describe("information disclosure: a «from» date after the «to» date", () => {
  test("keeps both dates and says beside the field what is wrong", async ({ page }) => {
    await page.goto("/about/info");
    await page.getByLabel("Размещён с").fill("2026-05-01");
    await page.getByLabel("по", { exact: true }).fill("2026-01-01");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/from=2026-05-01/);
    const from = page.getByLabel("Размещён с");
    await expect(from).toHaveValue("2026-05-01");
    await expect(page.getByLabel("по", { exact: true })).toHaveValue("2026-01-01");
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(from).toHaveAccessibleDescription(/Дата «с» не может быть позже даты «по»/);
    // The list is not filtered by the reversed range: the reports are there.
    await expect(page.locator(".report-card").first()).toBeVisible();
  });

  test("in the interface's language", async ({ page, baseURL }) => {
    // The language cookie as the switch writes it (React Router cookies are base64 JSON).
    await page
      .context()
      .addCookies([
        { name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! },
      ]);
    await page.goto("/about/info?from=2026-05-01&to=2026-01-01");
    await expect(page.locator("#reports-from")).toHaveValue("2026-05-01");
    await expect(page.locator("#reports-from-error")).toHaveText(/must not be after/);
  });
});

test.describe("personal accounts and paying one of them", () => {
  test("the page says what it shows, and each row pays its own account", async ({ page }) => {
    await signIn(page, resident, "/profile/accounts");
    await expect(page.getByText("начисления по каждому адресу")).toHaveCount(0);
    await expect(page.getByText(/видеть баланс каждого/)).toBeVisible();
    const card = page.locator(".account-card").filter({ hasText: "1000000001" });
    const pay = card.getByRole("link", { name: /Оплатить лицевой счёт 1000000001/ });
    // The stack's PAYMENT_URL has no {account}: the row opens the service itself.
    await expect(pay).toHaveAttribute("href", "https://pay.example.ru/");
    await expect(pay).toHaveAttribute("target", "_blank");
  });

  test("a resident with no account yet, and the sign-in page, are promised the balance the portal shows, not charges", async ({
    page,
    request,
  }) => {
    const newcomer = await createResident("no-accounts");
    await signIn(page, newcomer, "/profile");
    await expect(
      page.getByText(/Лицевые счета ещё не привязаны: привяжите счёт, чтобы видеть его баланс/),
    ).toBeVisible();
    await expect(page.locator("main")).not.toContainText("начислени");
    const signInPage = await (await request.get("/auth")).text();
    expect(/<meta name="description" content="([^"]*)"/.exec(signInPage)?.[1]).toMatch(
      /^Вход в личный кабинет жителя[^"]*баланс/,
    );
    expect(signInPage).not.toContain("начислени");
  });

  test.describe("with {account} in PAYMENT_URL", () => {
    test.describe.configure({ mode: "serial" });
    let portal: Awaited<ReturnType<typeof startPortal>>;
    test.beforeAll(async () => {
      portal = await startPortal({
        apiUrl: backendUrl(),
        env: { PAYMENT_URL: "https://pay.example.ru/pay?ls={account}&from=lk" },
      });
    });
    test.afterAll(async () => portal?.stop());

    test("the row's link names the account; «Перейти» opens the service without one", async ({
      page,
    }) => {
      await page.goto(`${portal.url}/auth?redirectTo=/profile/accounts`);
      await page.getByLabel("Электронная почта").fill(resident.email);
      await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
      await page.getByRole("button", { name: "Войти" }).click();
      await page.waitForURL(/\/profile\/accounts$/);
      const pay = page.getByRole("link", { name: /Оплатить лицевой счёт 1000000002/ });
      await expect(pay).toHaveAttribute("href", "https://pay.example.ru/pay?ls=1000000002&from=lk");
      await page.goto(`${portal.url}/profile/altpayment`);
      await expect(
        page.getByRole("link", { name: /Оплатить лицевой счёт 1000000001/ }),
      ).toHaveAttribute("href", "https://pay.example.ru/pay?ls=1000000001&from=lk");
      await expect(
        page.getByRole("link", { name: "Перейти (откроется в новой вкладке)" }),
      ).toHaveAttribute("href", "https://pay.example.ru/pay?ls=&from=lk");
    });
  });
});

test.describe("the demo's own posts", () => {
  test(
    "promise nothing «в личном кабинете» the portal does not do, and link the payment service where it does it",
    { tag: "@server" },
    async ({ page }) => {
      const posts = await backendGet<ListPage<Post>>("client/posts/?page_size=100");
      // A sentence that puts readings, receipts or requests in the personal area must name the payment service doing it.
      for (const post of posts.results) {
        for (const sentence of post.text.split(/(?<=[.!?])\s+/)) {
          if (
            /показани|квитанц|обращени|заявк/i.test(sentence) &&
            /личн\S* кабинет/i.test(sentence)
          ) {
            expect(sentence, post.title).toContain("сервис");
          }
        }
      }
      const readings = posts.results.find((post) => post.title.startsWith("Передайте показания"))!;
      await page.goto(`/posts/item/${readings.id}`);
      await expect(
        page.locator(".post__text").getByRole("link", { name: "https://pay.example.ru/" }),
      ).toBeVisible();
      await expect(page.locator(".post__text")).toContainText("сервисе оплаты партнёра");
    },
  );
});

/** Top of the first result, or null when it is below the first screen. */
async function firstResultTop(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  return box?.y ?? null;
}

test.describe("filters on a phone", () => {
  const lists = [
    { path: "/posts", result: ".post-card", filtered: "/posts?q=отключение", signedIn: false },
    {
      path: "/about/info",
      result: ".report-card",
      filtered: "/about/info?year=2025",
      signedIn: false,
    },
    {
      path: "/profile/accounts",
      result: ".account-card",
      filtered: "/profile/accounts?number=1000",
      signedIn: true,
    },
  ];

  test("fold under «Фильтры» so the first result is on the first screen; open while a filter is active", async ({
    page,
  }) => {
    await signIn(page, resident);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const list of lists) {
      await page.goto(list.path);
      const apply = page.getByRole("button", { name: "Показать" });
      await expect(apply, list.path).toBeHidden();
      const top = await firstResultTop(page, list.result);
      expect(top, `${list.path}: the first result's top`).not.toBeNull();
      expect(top!, `${list.path}: the first result's top`).toBeLessThan(844);
      await page.locator(".filters-fold__summary").click();
      await expect(apply, list.path).toBeVisible();
      await page.goto(list.filtered);
      await expect(page.getByRole("button", { name: "Показать" }), list.filtered).toBeVisible();
    }
  });

  test("stay open on a laptop, with no summary to press", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto("/posts");
    await expect(page.getByRole("button", { name: "Показать" })).toBeVisible();
    await expect(page.locator(".filters-fold__summary")).toBeHidden();
  });
});

/**
 * How many lines `phrase` takes inside `scope` when its block is squeezed to
 * a few characters: 1 when the phrase cannot break, whatever the width.
 */
async function linesOf(scope: Locator, phrase: string) {
  return scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    // The innermost element whose text holds the whole phrase.
    let holder: Element | null = null;
    for (
      let node = walker.currentNode as Element | null;
      node;
      node = walker.nextNode() as Element | null
    ) {
      if (node.textContent?.includes(wanted)) holder = node;
    }
    if (!holder) return -1;
    let block: HTMLElement | null = holder as HTMLElement;
    while (block && getComputedStyle(block).display.startsWith("inline"))
      block = block.parentElement;
    block!.style.width = "3ch";
    block!.style.minWidth = "0";
    const text = holder.textContent!;
    const start = text.indexOf(wanted);
    // A range over the phrase's characters, across the text nodes that hold them.
    const range = document.createRange();
    const nodes: Text[] = [];
    const texts = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) nodes.push(node as Text);
    let offset = 0;
    for (const node of nodes) {
      const length = node.data.length;
      if (offset <= start && start < offset + length) range.setStart(node, start - offset);
      if (offset < start + wanted.length && start + wanted.length <= offset + length)
        range.setEnd(node, start + wanted.length - offset);
      offset += length;
    }
    const tops = new Set(
      [...range.getClientRects()]
        .filter((rect) => rect.width > 0)
        .map((rect) => Math.round(rect.top)),
    );
    return tops.size;
  }, phrase);
}

test.describe("phones, hours and values stay on one line", () => {
  test("in the footer", { tag: "@server" }, async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    expect(await linesOf(footer, "+7 (4112) 40-10-01")).toBe(1);
    await page.goto("/");
    expect(await linesOf(page.getByRole("contentinfo"), "13:00–14:00")).toBe(1);
  });

  test("in the Markdown pages", { tag: "@server" }, async ({ page }) => {
    await page.goto("/documents/regulations");
    const main = page.getByRole("main");
    expect(await linesOf(main, "−40 °C")).toBe(1);
    await page.goto("/documents/regulations");
    expect(await linesOf(page.getByRole("main"), "+7 (4112) 40-10-03")).toBe(1);
  });

  test("in the tariffs", { tag: "@server" }, async ({ page }) => {
    await page.goto("/rates?q=Холодное");
    expect(await linesOf(page.getByRole("main"), "4,9 м³")).toBe(1);
  });
});

test.describe("archive marks and plain words", () => {
  test("archived posts say «Архив» in the list and on their page", async ({ page }) => {
    await page.goto("/posts?status=archive");
    const cards = page.locator(".post-card");
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    await expect(cards.filter({ hasText: "Архив" })).toHaveCount(count);
    await cards.first().getByRole("link").click();
    await expect(page.locator(".post__meta")).toContainText("Архив");
  });

  test("the feed link speaks a resident's language; the news' and the tariffs' dates say which date", async ({
    page,
  }) => {
    await page.goto("/posts");
    await expect(
      page.getByRole("link", { name: "Подписка на новости (RSS/Atom)" }),
    ).toHaveAttribute("href", "/posts/feed.xml");
    await expect(page.getByLabel("Дата публикации")).toHaveAttribute("name", "day");
    await page.goto("/rates");
    await expect(page.getByLabel("Действует с (дата)")).toHaveAttribute("name", "day");
  });

  test("«Изменить» is in the same place on a current and an archived post", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, admin);
    const current = await backendGet<ListPage<Post>>("client/posts/?is_actual=true&page_size=1");
    const archived = await backendGet<ListPage<Post>>(
      "client/posts/?is_actual=false&ordering=title&page_size=1",
    );
    const boxes = [];
    for (const post of [current.results[0], archived.results[0]]) {
      await page.goto(`/posts/item/${post.id}`);
      boxes.push(await page.getByRole("link", { name: "Изменить" }).boundingBox());
    }
    expect(boxes[0]).not.toBeNull();
    expect(boxes[1]).toEqual(boxes[0]);
  });

  test("account numbers on the payment page can be copied", async ({ page, jsEnabled }) => {
    await signIn(page, resident, "/profile/altpayment");
    const number = page.locator(".account-card__number").first();
    await expect(number).toHaveText("1000000001");
    if (jsEnabled) {
      await hydrated(page);
      await expect(page.getByRole("button", { name: "Скопировать: 1000000001" })).toBeVisible();
    } else {
      // Without scripts no button promises what it cannot do: the number is plain text to select.
      await expect(page.getByRole("button", { name: /Скопировать/ })).toHaveCount(0);
      expect(await number.evaluate((element) => getComputedStyle(element).userSelect)).not.toBe(
        "none",
      );
    }
  });
});

/** Every target at least 24 × 24 CSS px (WCAG 2.2, 2.5.8). */
async function expectTargets(targets: Locator, what: string) {
  const count = await targets.count();
  expect(count, `${what}: targets found`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const target = targets.nth(index);
    if (!(await target.isVisible())) continue;
    const raw = (await target.boundingBox())!;
    // Layout in fractions of a pixel: 23.999998 is 24.
    const box = {
      width: Math.round(raw.width * 100) / 100,
      height: Math.round(raw.height * 100) / 100,
    };
    const name = (await target.getAttribute("aria-label")) ?? (await target.textContent()) ?? "";
    expect(box.width, `${what} «${name.trim()}»: width`).toBeGreaterThanOrEqual(24);
    expect(box.height, `${what} «${name.trim()}»: height`).toBeGreaterThanOrEqual(24);
  }
}

test.describe("targets of at least 24 × 24 px", () => {
  for (const width of [390, 1366]) {
    test(`theme and language switches, pagination, copy buttons and the toast's close at ${width} px`, async ({
      page,
      jsEnabled,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/posts?status=archive");
      if (jsEnabled) await hydrated(page);
      await expectTargets(page.locator(".theme-switch button"), "theme switch");
      if (width > 720)
        await expectTargets(
          page.locator(".topbar .language-switch select, .topbar .language-switch button"),
          "language switch",
        );
      await expectTargets(
        page.getByRole("navigation", { name: "Страницы" }).locator("a, [aria-current]"),
        "pagination",
      );
      if (jsEnabled) {
        const copy = page.locator(".contact__copy");
        await expectTargets(copy, "copy button");
        await copy.first().click();
        const close = page.locator("[data-sonner-toast] [data-close-button]").first();
        await expect(close).toBeVisible();
        await expectTargets(close, "the toast's close");
      }
    });
  }
});

test.describe("the demo when its stand-in dies", () => {
  test.describe.configure({ mode: "serial" });
  let portal: Awaited<ReturnType<typeof startPortal>>;
  test.beforeAll(async () => {
    // npm start without API_URL: scripts/start.js starts the stand-in itself.
    portal = await startPortal({
      apiUrl: "",
      env: {
        API_URL: "",
        BACKEND_PORT: String(await freePort()),
        BACKEND_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "portal-demo-")),
        API_TIMEOUT_MS: "2000",
      },
    });
  });
  test.afterAll(async () => portal?.stop());

  test(
    "the portal keeps serving and answers the friendly 503 page",
    { tag: "@server" },
    async ({ page }) => {
      expect((await page.goto(`${portal.url}/rates`))?.status()).toBe(200);
      // The stand-in is the only child of the portal's process.
      const standIn = Number(
        execFileSync("pgrep", ["-P", String(portal.pid)], { encoding: "utf8" })
          .trim()
          .split("\n")[0],
      );
      process.kill(standIn, "SIGKILL");
      await expect.poll(async () => (await fetch(`${portal.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
      // Another page than the one above, which a signed-out visitor may get from the second-long page cache.
      const posts = await page.goto(`${portal.url}/posts`);
      expect(posts?.status()).toBe(503);
      await expect(page.getByRole("heading", { name: "Сервис временно недоступен" })).toBeVisible();
      expect((await page.goto(`${portal.url}/`))?.status()).toBe(200);
    },
  );
});
