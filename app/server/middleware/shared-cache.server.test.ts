import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import { mayShare, sharedCacheMiddleware } from "./shared-cache.server";

beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
});

const page = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://portal.test${path}`, { method, headers });
const ok = (headers: Record<string, string> = {}) =>
  new Response("<html></html>", {
    status: 200,
    headers: { "Content-Type": "text/html", ...headers },
  });

describe("mayShare: what a shared cache may keep", () => {
  it("keeps a signed-out public reading page, and its data request", () => {
    for (const path of [
      "/",
      "/posts",
      "/posts?page=2",
      "/posts/item/3",
      "/rates",
      "/about/info",
      "/posts.data",
      "/_.data",
    ]) {
      expect(mayShare(page(path), ok()), path).toBe(true);
    }
    expect(mayShare(page("/posts", {}, "HEAD"), ok())).toBe(true);
    // Preferences are no reason to refuse: the cache keeps them apart.
    expect(mayShare(page("/posts", { Cookie: "lng=ImVuIg%3D%3D; theme=ImRhcmsi" }), ok())).toBe(
      true,
    );
  });

  it("never a request of one browser's own: a session, a flash message, credentials", () => {
    for (const cookie of ["__session=abc", "theme=x; __Host-session=abc", "__toast=abc"]) {
      expect(mayShare(page("/posts", { Cookie: cookie }), ok()), cookie).toBe(false);
    }
    expect(mayShare(page("/posts", { Authorization: "Bearer x" }), ok())).toBe(false);
    // A cookie whose name only ends like one is not one.
    expect(mayShare(page("/posts", { Cookie: "my__session=abc" }), ok())).toBe(true);
  });

  it("never a page that is not public reading: sign-in, the profile, administration, resources", () => {
    for (const path of [
      "/auth",
      "/auth/registration",
      "/profile",
      "/profile/accounts",
      "/admin/posts",
      "/resources/theme",
      "/posts/create",
      "/profile.data",
    ]) {
      expect(mayShare(page(path), ok()), path).toBe(false);
    }
  });

  it("never an answer that is not a plain 200, sets a cookie or has a caching rule of its own", () => {
    expect(mayShare(page("/posts"), new Response("", { status: 404 }))).toBe(false);
    expect(
      mayShare(page("/posts"), new Response("", { status: 302, headers: { Location: "/" } })),
    ).toBe(false);
    expect(mayShare(page("/posts"), ok({ "Set-Cookie": "__toast=; Max-Age=0" }))).toBe(false);
    expect(mayShare(page("/posts"), ok({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(mayShare(page("/posts", {}, "POST"), ok())).toBe(false);
  });
});

describe("sharedCacheMiddleware", () => {
  const run = (request: Request, response: Response) =>
    (
      sharedCacheMiddleware as unknown as (
        args: { request: Request; context: RouterContextProvider },
        next: () => Promise<Response>,
      ) => Promise<Response>
    )({ request, context: new RouterContextProvider() }, async () => response);

  it("lets a shared cache keep the page for PUBLIC_PAGE_CACHE_SECONDS, a browser never without asking, apart by language and cookies", async () => {
    const answer = await run(page("/posts"), ok({ Vary: "Save-Data" }));
    expect(answer.headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=10, must-revalidate",
    );
    expect(answer.headers.get("Vary")).toBe("Save-Data, Accept-Language, Cookie");
  });

  it("leaves a signed-in answer private", async () => {
    const answer = await run(
      page("/posts", { Cookie: "__session=abc" }),
      ok({ "Cache-Control": "private, no-store" }),
    );
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Vary")).toBeNull();
  });
});
