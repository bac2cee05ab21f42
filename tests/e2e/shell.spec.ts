import { expect, hydrated, test } from "./fixtures";

const publicPages = [
  "/",
  "/auth",
  "/auth/registration",
  "/auth/reset",
  "/about",
  "/about/credits",
  "/about/info",
  "/about/structure",
  "/posts",
  "/documents",
  "/documents/privacy",
  "/documents/agreement",
  "/documents/regulations",
  "/rates",
];

// The server's answers, which JavaScript does not change; one page load per path, the first failure names it.
test.describe("the route table", { tag: "@server" }, () => {
  test("every public page answers 200 to a signed-out resident", async ({ page }) => {
    for (const path of publicPages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("h1").first(), path).toBeVisible();
    }
  });

  test("every personal page sends a signed-out resident to sign in and back", async ({ page }) => {
    for (const path of [
      "/profile",
      "/profile/accounts",
      "/profile/altpayment",
      "/posts/create",
      "/admin",
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
      await expect(
        page.getByRole("heading", { name: "Вход в личный кабинет" }),
        path,
      ).toBeVisible();
    }
  });
});

test.describe("the 404 page", () => {
  test("an unknown path is the 404 page inside the shell", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
    await expect(page).toHaveTitle("Страница не найдена");
    await page.getByRole("link", { name: "Вернуться на главную" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Управляющая компания вашего дома",
    );
    // The page's own title again, a client navigation's too.
    await expect(page).toHaveTitle("Личный кабинет жителя");
  });
});

test.describe("the page shell", () => {
  test("has the top bar, the menu and the footer", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Личный кабинет жителя" })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(header.getByRole("link", { name: /Диспетчер/ })).toHaveAttribute(
      "href",
      /^tel:\+7/,
    );
    await expect(header.getByRole("button", { name: "Включить тёмную тему" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Войти" })).toHaveAttribute("href", "/auth");

    const menu = page.locator(".shell__left").getByRole("navigation", { name: "Основное меню" });
    for (const name of ["Главная", "О компании", "Новости", "Документы", "Тарифы"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Профиль" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Администрирование" })).toHaveCount(0);

    const footer = page.getByRole("contentinfo");
    for (const name of [
      "Приёмная",
      "Производственно-технический отдел",
      "Аварийно-диспетчерская служба",
      "Экономический отдел",
      "Электронная почта",
    ]) {
      await expect(footer.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(4);
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(footer.getByText("Пн–Пт 9:00–17:00, перерыв 13:00–14:00")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Политика конфиденциальности" })).toHaveAttribute(
      "href",
      "/documents/privacy",
    );
    await expect(footer.getByRole("link", { name: "Пользовательское соглашение" })).toHaveAttribute(
      "href",
      "/documents/agreement",
    );
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    await expect(page).toHaveTitle("Личный кабинет жителя");
  });

  test("breadcrumbs and the title follow the route tree", async ({ page }) => {
    await page.goto("/about/credits");
    const crumbs = page
      .locator(".topbar__crumbs--wide")
      .getByRole("navigation", { name: "Навигационная цепочка" });
    await expect(crumbs.getByRole("link", { name: "О компании" })).toHaveAttribute(
      "href",
      "/about",
    );
    await expect(crumbs.getByText("Реквизиты")).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle("О компании | Реквизиты");
  });

  test("a section's menu shows its entries and «Назад» leads to the index", async ({ page }) => {
    await page.goto("/about/structure");
    const left = page.locator(".shell__left");
    await expect(left.getByRole("link", { name: "Реквизиты" })).toBeVisible();
    await left.getByRole("link", { name: "Назад" }).click();
    await expect(left.getByRole("link", { name: "Тарифы" })).toBeVisible();
  });

  test("the menu marks the current page and its section, and the mark follows a navigation", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/about/structure");
    // The mark is to follow a client-side navigation: the click goes to the hydrated page
    // (a click before the scripts ran is the next test's subject).
    if (jsEnabled) await hydrated(page);
    const left = page.locator(".shell__left");
    const sectionMenu = left.getByRole("navigation", { name: /О компании/ });
    await expect(sectionMenu.getByRole("link", { name: "Структура" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sectionMenu.getByRole("link", { name: "Реквизиты" })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
    // The index is slid away inside a section (hidden from the accessibility tree), but marked.
    const mainMenu = left.locator(".menu__panel--main");
    await expect(mainMenu.locator('a[href="/about"]')).toHaveAttribute("aria-current", "page");
    await expect(mainMenu.locator('a[href="/"]')).not.toHaveAttribute("aria-current", /.*/);

    await sectionMenu.getByRole("link", { name: "Реквизиты" }).click();
    await expect(page).toHaveURL("/about/credits");
    await expect(sectionMenu.getByRole("link", { name: "Реквизиты" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sectionMenu.getByRole("link", { name: "Структура" })).not.toHaveAttribute(
      "aria-current",
      /.*/,
    );
  });

  test.describe("before the page's scripts", () => {
    // page.route holds or breaks these requests; a worker in control would answer them out of its reach.
    test.use({ serviceWorkers: "block" });
    test("«Назад» pressed before the page's scripts ran stays pressed once they have", async ({
      page,
      jsEnabled,
    }) => {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      if (jsEnabled) {
        await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
      }
      await page.goto("/about/structure");
      const left = page.locator(".shell__left");
      await left.getByRole("link", { name: "Назад" }).click();
      await expect(left.getByRole("link", { name: "Тарифы" })).toBeVisible();
      release();
      if (jsEnabled) await hydrated(page);
      await expect(left.getByRole("link", { name: "Тарифы" })).toBeVisible();
    });
  });

  test(
    "the home page tells what the company does and promotes the payment service",
    { tag: "@server" },
    async ({ page }) => {
      await page.goto("/");
      for (const title of [
        "Контроль поставки коммунальных ресурсов",
        "Содержание и ремонт общего имущества",
        "Круглосуточная аварийная служба",
      ]) {
        await expect(page.getByRole("heading", { name: title })).toBeVisible();
      }
      await expect(page.locator(".benefit")).toHaveCount(9);
      const go = page.getByRole("link", { name: "Перейти (откроется в новой вкладке)" });
      await expect(go).toHaveAttribute("target", "_blank");
      await expect(go).toHaveAttribute("rel", "noopener noreferrer");
    },
  );

  test("static pages render their Markdown", { tag: "@server" }, async ({ page }) => {
    await page.goto("/documents/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Политика");
    expect(await page.locator(".prose h2").count()).toBeGreaterThan(1);
    await page.goto("/about/credits");
    await expect(page.locator(".prose")).toContainText("ИНН");
  });
});

test.describe("preferences", () => {
  test("the dark theme is kept across pages", async ({ page }) => {
    await page.goto("/about");
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes("/resources/theme") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Включить тёмную тему" }).click();
    await saved;
    await expect(page.locator("body")).toHaveClass(/dark/);
    await expect(page).toHaveURL("/about");
    await page.goto("/posts");
    await expect(page.locator("body")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Включить светлую тему" }).click();
    await expect(page.locator("body")).not.toHaveClass(/dark/);
  });

  test("the language changes only when one is pressed, on the same page, and is kept across pages", async ({
    page,
    jsEnabled,
  }) => {
    // WCAG 3.2.2: each language is a button; reaching one changes nothing, pressing it does (JavaScript off and on).
    await page.goto("/posts?page=2");
    if (jsEnabled) await hydrated(page);
    const switcher = page.locator(".topbar__language");
    await expect(switcher.getByRole("list", { name: "Язык интерфейса" })).toBeVisible();
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Русский");
    // Each language is named in its own language, marked as such.
    for (const [name, lang] of [
      ["Русский", "ru"],
      ["English", "en"],
      ["Саха тыла", "sah"],
    ]) {
      await expect(switcher.getByRole("button", { name })).toHaveAttribute("lang", lang);
    }
    const sakha = switcher.getByRole("button", { name: "Саха тыла" });
    // On a wide screen each name shows whole, as written: two words keep their space.
    expect(await sakha.innerText()).toBe("Саха тыла");
    await sakha.focus();
    await page.waitForTimeout(300);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page).toHaveURL("/posts?page=2");
    // With JavaScript the page is not reloaded: a mark left on it stays.
    if (jsEnabled) await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "sah");
    await expect(page).toHaveURL("/posts?page=2");
    await expect(switcher.getByRole("list", { name: "Интерфейс тыла" })).toBeVisible();
    await expect(switcher.locator('[aria-current="true"]')).toHaveText("Саха тыла");
    if (jsEnabled) {
      expect(await page.evaluate(() => "notReloaded" in window)).toBe(true);
      // The pressed language keeps the keyboard's focus.
      await expect(sakha).toBeFocused();
    }
    await page.goto("/");
    if (jsEnabled) await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "sah");
    await expect(
      page.locator(".shell__left").getByRole("link", { name: "Сүрүн сирэй" }),
    ).toBeVisible();
    await switcher.getByRole("button", { name: "Русский" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    await expect(page).toHaveURL("/");
    await expect(page.locator(".shell__left").getByRole("link", { name: "Главная" })).toBeVisible();
  });

  test("a first visit speaks the browser's language when the portal has it, Russian otherwise; the choice wins", async ({
    browser,
    baseURL,
    jsEnabled,
  }) => {
    for (const [locale, lang, home] of [
      ["en-GB", "en", "Home"],
      ["sah-RU", "sah", "Сүрүн сирэй"],
      ["de-DE", "ru", "Главная"],
    ] as const) {
      const context = await browser.newContext({ locale, javaScriptEnabled: jsEnabled });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(
        page.locator(".shell__left").getByRole("link", { name: home, exact: true }),
      ).toBeVisible();
      await context.close();
    }
    // The page cache keys on the language the render took from the header: an English page is not served to Russian browsers.
    const english = await browser.newContext({ locale: "en-GB", javaScriptEnabled: jsEnabled });
    await (await english.newPage()).goto("/posts");
    const russian = await browser.newContext({ locale: "ru-RU", javaScriptEnabled: jsEnabled });
    const page = await russian.newPage();
    await page.goto("/posts");
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    // A chosen language is kept whatever the browser says.
    await english.addCookies([
      { name: "lng", value: Buffer.from(JSON.stringify("rus")).toString("base64"), url: baseURL! },
    ]);
    const chosen = await english.newPage();
    await chosen.goto("/");
    await expect(chosen.locator("html")).toHaveAttribute("lang", "ru");
    await english.close();
    await russian.close();
  });

  test("the mobile menu opens on a narrow screen", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await expect(page.locator(".shell__left")).toBeHidden();
    await page.getByLabel("Открыть меню").click();
    const mobile = page.locator(".mobile-menu__panel");
    await expect(mobile.getByRole("link", { name: "Новости" })).toBeVisible();
    await mobile.getByRole("link", { name: "Новости" }).click();
    await expect(page).toHaveURL("/posts");
    await expect(page.locator(".mobile-menu__panel")).toBeHidden();
  });

  test("the mobile menu is a panel over a dimmed page: a tap beside it or Escape closes it", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/posts");
    if (jsEnabled) await hydrated(page);
    const panel = page.locator(".mobile-menu__panel");
    await page.getByLabel("Открыть меню").click();
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeGreaterThan(600);
    // The page beside the panel is dimmed, and a tap there closes the menu (with or without JavaScript).
    await page.mouse.click(385, 600);
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL("/posts");
    if (jsEnabled) {
      await page.getByLabel("Открыть меню").click();
      await expect(panel).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(page.getByLabel("Открыть меню")).toBeFocused();
      // From the keyboard: opening takes the focus into the panel, which comes after the top bar in the page's order.
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await expect(panel.locator(":focus")).toHaveCount(1);
    }
  });
});
