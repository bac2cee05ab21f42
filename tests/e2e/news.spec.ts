/** What residents come to the news for: pictures, working links, and for administrators a way to edit. */
import { admin, backendUrl, expect, resident, signIn, test } from "./fixtures";

type PostPage = { results: { id: number; title: string; text: string; images: unknown[] }[] };

async function demoPosts() {
  const response = await fetch(`${backendUrl()}/api/v1/client/posts/?page_size=100`);
  return ((await response.json()) as PostPage).results;
}

test("the news list shows each post's first image as a sized, lazy thumbnail", async ({ page }) => {
  const withImage = (await demoPosts()).find((post) => post.images.length > 0)!;
  // The list is newest first, ten a page: find the page the post is on.
  await page.goto(`/posts?q=${encodeURIComponent(withImage.title)}`);
  const card = page.locator(".post-card").filter({ has: page.getByRole("link", { name: withImage.title }) });
  const image = card.locator("img");
  await expect(image).toHaveAttribute("src", /^\/media\//);
  await expect(image).toHaveAttribute("loading", "lazy");
  await expect(image).toHaveAttribute("width", /\d+/);
  await expect(image).toHaveAttribute("height", /\d+/);
  await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBeGreaterThan(0);
  // Posts without images have no empty frame.
  const without = page.locator(".post-card:not(.post-card--with-image) img");
  await expect(without).toHaveCount(0);
});

test("web addresses in a post's text are links, and the text stays text", async ({ page }) => {
  const post = (await demoPosts()).find((candidate) => candidate.text.includes("https://dom.gosuslugi.ru/"))!;
  await page.goto(`/posts/item/${post.id}`);
  const link = page.locator(".post__text").getByRole("link", { name: "https://dom.gosuslugi.ru/" });
  await expect(link).toHaveAttribute("href", "https://dom.gosuslugi.ru/");
  await expect(link).toHaveAttribute("rel", /noopener/);
  // The bracket and the words after it are not part of the address.
  await expect(page.locator(".post__text")).toContainText("https://dom.gosuslugi.ru/ (вход через Госуслуги).");
});

test("an administrator reading a post can go straight to its form; a resident cannot", async ({ page }) => {
  const [post] = await demoPosts();
  await signIn(page, resident);
  await page.goto(`/posts/item/${post!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post!.title);
  await expect(page.getByRole("link", { name: "Изменить" })).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, admin);
  await page.goto(`/posts/item/${post!.id}`);
  await page.getByRole("link", { name: "Изменить" }).click();
  await expect(page).toHaveURL(`/admin/posts/${post!.id}/edit`);
  await expect(page.getByLabel("Заголовок")).toHaveValue(post!.title);
});

test("printing a post gives just the post, its links written out", async ({ page }) => {
  const post = (await demoPosts()).find((candidate) => candidate.text.includes("https://dom.gosuslugi.ru/"))!;
  await page.goto(`/posts/item/${post.id}`);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  for (const part of [page.locator(".topbar"), page.locator(".shell__left"), page.locator(".footer"), page.getByRole("link", { name: "Все новости" })]) {
    await expect(part).toBeHidden();
  }
  const written = await page
    .locator(".post__text a")
    .first()
    .evaluate((link) => getComputedStyle(link, "::after").content);
  expect(written).toContain("https://dom.gosuslugi.ru/");
});
