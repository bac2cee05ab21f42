import { XMLParser } from "fast-xml-parser";

import { backendGet, expect, test } from "./fixtures";

interface Page<T> {
  count: number;
  results: T[];
}
interface Post {
  id: number;
  title: string;
  is_actual: boolean;
}

test.describe("news", () => {
  test(
    "cards, newest first, with Russian dates and the «Актуально» mark",
    { tag: "@server" },
    async ({ page }) => {
      await page.goto("/posts?day=2026-11-20");
      const cards = page.locator(".post-card");
      await expect(cards).toHaveCount(3);
      await expect(cards.first().locator("time")).toHaveText("20 ноября 2026");
      await expect(cards.first().getByText("Актуально")).toBeVisible();
      await expect(page).toHaveTitle("Новости");
    },
  );

  test("filters by title, day and status, all kept in the URL", async ({ page }) => {
    await page.goto("/posts");
    await page.getByLabel("Название содержит").fill("отключение");
    await page.getByLabel("Статус").selectOption("archive");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/q=%D0%BE%D1%82%D0%BA%D0%BB%D1%8E%D1%87%D0%B5%D0%BD%D0%B8%D0%B5/);
    await expect(page.getByLabel("Статус")).toHaveValue("archive");
    await expect(page).toHaveURL(/status=archive/);
    const titles = await page.locator(".post-card__title").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain("отключение");
    await expect(page.locator(".post-card .badge--success")).toHaveCount(0);
    // The form shows the choices it was given.
    await expect(page.getByLabel("Название содержит")).toHaveValue("отключение");
    await expect(page.getByLabel("Статус")).toHaveValue("archive");
  });

  test("sorts by title and by date", async ({ page }) => {
    const byTitle = await backendGet<Page<Post>>(
      "client/posts/?ordering=title&page_size=1&created_at_day_month_year=2026-10-28",
    );
    await page.goto("/posts?day=2026-10-28&sort=title");
    await expect(page.locator(".post-card__title").first()).toHaveText(byTitle.results[0].title);
    await page.goto("/posts?sort=oldest");
    await expect(page.locator(".post-card__title").first()).toHaveText(
      "Личный кабинет жителя теперь работает онлайн",
    );
  });

  test("pages with previous, next and numbers; past the end shows the last page", async ({
    page,
  }) => {
    await page.goto("/posts?status=archive");
    const pagination = page.getByRole("navigation", { name: "Страницы" });
    await pagination.getByRole("link", { name: "Вперёд" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/status=archive/);
    await expect(pagination.locator('[aria-current="page"]')).toHaveText("Страница 2");
    await pagination.getByRole("link", { name: "Назад" }).click();
    await expect(page).not.toHaveURL(/page=/);
    const response = await page.goto("/posts?status=archive&page=99");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator(".post-card").first()).toBeVisible();
  });

  test(
    "bad values in the URL are ignored with a note, never a 500",
    { tag: "@server" },
    async ({ page }) => {
      const response = await page.goto("/posts?page=abc&day=2026-02-31&sort=drop");
      expect(response?.status()).toBe(200);
      // Named as the form names them, never by the address's internal names.
      await expect(
        page.getByText("Неверные значения не учтены: «Страница», «Дата публикации», «Сортировка»."),
      ).toBeVisible();
      await expect(page.locator(".post-card").first()).toBeVisible();
    },
  );

  test("an empty result says so and offers to reset the filters", async ({ page }) => {
    await page.goto("/posts?q=zzzqqqxxx");
    await expect(page.getByText("По вашему запросу ничего не найдено.")).toBeVisible();
    await page.getByRole("link", { name: "Сбросить фильтры" }).first().click();
    await expect(page).toHaveURL("/posts");
    await expect(page.locator(".post-card").first()).toBeVisible();
  });

  test("a post shows its text in paragraphs and its images through the portal", async ({
    page,
    request,
  }) => {
    // The seeded post with photos (other tests add and remove their own).
    const posts = await backendGet<Page<Post & { images: unknown[] }>>(
      `client/posts/?title__icontains=${encodeURIComponent("детской площадки")}`,
    );
    const withImages = posts.results.find((post) => post.images.length > 0)!;
    await page.goto(`/posts/item/${withImages.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(withImages.title);
    await expect(page).toHaveTitle(`Новости | ${withImages.title}`);
    await expect(page.locator(".breadcrumbs").first().locator('[aria-current="page"]')).toHaveText(
      withImages.title,
    );
    expect(await page.locator(".post__text p").count()).toBeGreaterThan(1);
    const image = page.locator(".post__images img").first();
    await expect(image).toHaveAttribute("loading", "lazy");
    await expect(image).toHaveAttribute("alt", new RegExp(`Фотография к новости`));
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/media\//);
    const media = await request.get(src!);
    expect(media.status()).toBe(200);
    expect(media.headers()["content-type"]).toMatch(/^image\//);
    expect(media.headers()["cache-control"]).toContain("max-age");
  });

  test(
    "a post's text is text: the seeded <script> shows as it is",
    { tag: "@server" },
    async ({ page }) => {
      const posts = await backendGet<Page<Post & { text: string }>>("client/posts/?page_size=100");
      const tricky = posts.results.find((post) => post.text.includes("<script>"))!;
      let dialogs = 0;
      page.on("dialog", async (dialog) => {
        dialogs += 1;
        await dialog.dismiss();
      });
      await page.goto(`/posts/item/${tricky.id}`);
      await expect(page.locator(".post__text")).toContainText("<script>alert(1)</script>");
      expect(dialogs).toBe(0);
      expect(await page.locator(".post__text script").count()).toBe(0);
    },
  );

  test("an unknown post is the 404 page", { tag: "@server" }, async ({ page }) => {
    expect((await page.goto("/posts/item/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Страница не найдена" })).toBeVisible();
    // Named for what happened, not for the news it was under.
    await expect(page).toHaveTitle("Страница не найдена");
    expect((await page.goto("/posts/item/abc"))?.status()).toBe(404);
    await expect(page).toHaveTitle("Страница не найдена");
  });

  test(
    "the Atom feed parses and is linked from the news page",
    { tag: "@server" },
    async ({ page, request }) => {
      await page.goto("/posts");
      await expect(
        page.locator('link[rel="alternate"][type="application/atom+xml"]'),
      ).toHaveAttribute("href", "/posts/feed.xml");
      const response = await request.get("/posts/feed.xml");
      expect(response.headers()["content-type"]).toContain("application/atom+xml");
      const feed = new XMLParser({ ignoreAttributes: false }).parse(await response.text());
      expect(feed.feed["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
      const entries = Array.isArray(feed.feed.entry) ? feed.feed.entry : [feed.feed.entry];
      expect(entries.length).toBeGreaterThanOrEqual(20);
      expect(entries[0].title).toBeTruthy();
      expect(entries[0].link["@_href"]).toMatch(/\/posts\/item\/\d+$/);
    },
  );
});

test.describe("tariffs", () => {
  test("a table with name, value in roubles with the unit, and description", async ({ page }) => {
    await page.goto("/rates");
    const heating = page.getByRole("row", { name: /Отопление/ });
    await expect(heating).toContainText("4 312,86 ₽ за Гкал");
    await page.getByLabel("Название содержит").fill("электро");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.locator("tbody tr")).toHaveCount(4);
    const names = await page.locator("tbody th").allTextContents();
    for (const name of names) expect(name.toLowerCase()).toContain("электро");
  });

  test("filters by day, sorts, and opens one tariff", async ({ page }) => {
    await page.goto("/rates?day=2026-01-09&sort=name");
    await expect(page.locator("tbody tr")).toHaveCount(4);
    await expect(page.locator("tbody th").first()).toHaveText("Взнос на капитальный ремонт");
    await page.getByRole("link", { name: "Взнос на капитальный ремонт" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Взнос на капитальный ремонт");
    await expect(page).toHaveTitle("Тарифы | Взнос на капитальный ремонт");
    expect((await page.goto("/rates/item/424242"))?.status()).toBe(404);
  });
});

test.describe("information disclosure", () => {
  test("by year, name, and date range", async ({ page }) => {
    await page.goto("/about/info");
    await page.getByLabel("Год").selectOption("2025");
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page.locator(".report-card")).toHaveCount(3);
    await page.goto("/about/info?from=2026-01-01&to=2026-03-31&sort=newest");
    const names = await page.locator(".report-card__title").allTextContents();
    expect(names).toEqual([
      "Годовой отчёт о выполнении договора управления за 2025 год",
      "Смета расходов на содержание общего имущества на 2026 год",
    ]);
    await page.goto("/about/info?q=смета");
    await expect(page.locator(".report-card")).toHaveCount(3);
  });

  test("a report with its file to download, and one without", async ({ page, request }) => {
    await page.goto("/about/info?q=Годовой отчёт о выполнении договора управления за 2024");
    await page.locator(".report-card__title a").first().click();
    const download = page.getByRole("link", { name: "Скачать файл" });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/media\/.+\.pdf$/);
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");
    await page.goto("/about/info?q=План текущего ремонта");
    await page.locator(".report-card__title a").first().click();
    await expect(page.getByText("Файл пока не размещён")).toBeVisible();
  });
});
