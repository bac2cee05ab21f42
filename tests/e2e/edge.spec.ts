/**
 * The portal's HTTP edge against abuse: bodies bounded before they are read,
 * malformed URLs answered with a 400 page, links and caches that no client
 * header can steer, personal answers kept out of shared caches, /media that
 * never serves a backend's HTML as a page, Secure cookies behind HTTPS and
 * Retry-After on "try again later".
 */
import http from "node:http";
import net from "node:net";
import type { APIResponse } from "@playwright/test";

import { startBrokenBackend } from "../support/broken-backend.js";
import { startPortal } from "../support/stack.js";
import { admin, expect, resident, test } from "./fixtures";

type Portal = Awaited<ReturnType<typeof startPortal>>;

const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORTAL_PORT ?? 3456}`;

function setCookies(response: APIResponse) {
  return response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
}

/** A multipart body of `size` bytes in one file field, as a browser would send it. */
function multipartBody(size: number, field = "file") {
  const boundary = "----edge-spec-boundary";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.alloc(size, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends headers that declare a huge body and only a few bytes of it: the answer must come without the rest. */
function declareHugeBody(path: string, contentType: string, declared: number) {
  return new Promise<{ status: number; headers: string }>((resolve, reject) => {
    const { port } = new URL(baseURL());
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to a declared ${declared}-byte body`));
    }, 10_000);
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write("--x\r\n");
    });
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\n")) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(answer.split(" ")[1]), headers: answer.split("\r\n\r\n")[0]! });
      }
    });
    socket.on("error", reject);
  });
}

/**
 * Streams a body without Content-Length (chunked), 16 KB at a time, at most
 * `maxBytes`, and stops writing once the portal answers.
 */
function streamChunked(
  path: string,
  contentType: string,
  payload: Buffer | null,
  maxBytes: number,
) {
  return new Promise<{ status: number; location?: string; sent: number }>((resolve, reject) => {
    const url = new URL(path, baseURL());
    const request = http.request(url, {
      method: "POST",
      headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked" },
    });
    let sent = 0;
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location, sent });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    if (payload) {
      request.end(payload);
      return;
    }
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

test.describe("request bodies", { tag: "@server" }, () => {
  test("a form over 64 KB is refused at once, multipart too, except the image uploads", async ({
    request,
  }) => {
    const form = await request.post("/auth", {
      data: `email=a%40b.ru&password=${"x".repeat(65 * 1024)}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(413);
    expect(await form.text()).toContain("Слишком большой запрос");

    const multipart = multipartBody(100 * 1024);
    for (const path of ["/auth", "/profile", "/admin/posts/1/delete"]) {
      const answer = await request.post(path, {
        data: multipart.body,
        headers: { "Content-Type": multipart.contentType },
        maxRedirects: 0,
      });
      expect(answer.status(), path).toBe(413);
    }
    // The uploads (a post's images, and the create form with its pictures) take multipart of
    // that size: signed out they are sent to sign in, not refused for size.
    for (const path of ["/admin/posts/1/images", "/posts/create"]) {
      const upload = await request.post(path, {
        data: multipart.body,
        headers: { "Content-Type": multipart.contentType },
        maxRedirects: 0,
      });
      expect(upload.status(), path).toBe(302);
      expect(upload.headers()["location"], path).toMatch(/^\/auth\?redirectTo=/);
    }
  });

  test("a declared 100 MB body is refused by its length before any of it is read", async () => {
    const declared = 100 * 1024 * 1024;
    const toAuth = await declareHugeBody("/auth", "multipart/form-data; boundary=x", declared);
    expect(toAuth.status).toBe(413);
    // Even the upload has a limit per request (10 files of 10 MB).
    const toUpload = await declareHugeBody(
      "/admin/posts/1/images",
      "multipart/form-data; boundary=x",
      2 * declared,
    );
    expect(toUpload.status).toBe(413);
  });

  test("a body without a length is counted as it streams and refused past 64 KB", async () => {
    const big = await streamChunked("/auth", "application/x-www-form-urlencoded", null, 512 * 1024);
    expect(big.status).toBe(413);
    // A small chunked form still goes through: the resident is signed in.
    const small = await streamChunked(
      "/auth",
      "application/x-www-form-urlencoded",
      Buffer.from(
        new URLSearchParams({ email: resident.email, password: resident.password }).toString(),
      ),
      1024,
    );
    expect(small.status).toBe(302);
    expect(small.location).toBe("/profile");
  });

  test("an administrator's file over 10 MB is refused with a message", async ({ request }) => {
    const signIn = await request.post("/auth", { form: admin, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    const tooBig = await request.post("/admin/posts/1/images", {
      multipart: {
        images: {
          name: "big.png",
          mimeType: "image/png",
          buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x89),
        },
      },
    });
    expect(tooBig.status()).toBe(400);
    expect((await tooBig.json()).errors.join(" ")).toContain("10 МБ");
  });
});

test.describe("malformed requests", { tag: "@server" }, () => {
  test("a control character in the path, the query or a redirect target gives a 400 page", async ({
    request,
  }) => {
    for (const path of [
      "/a%0ab",
      "/auth?redirectTo=/a%0ab",
      "/media/posts/a%0d%0ab.png",
      "/posts?page=1%09",
      "/a%zz",
    ]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(400);
      expect(answer.headers()["content-type"], path).toContain("text/html");
      expect(await answer.text(), path).toContain("Неверный адрес страницы");
    }
  });

  test("the 400 page tells the user what happened and leads home", async ({ page }) => {
    const response = await page.goto("/a%0ab");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Неверный адрес страницы");
    await expect(page.getByText("В адресе есть недопустимые символы")).toBeVisible();
    await page.getByRole("link", { name: "Вернуться на главную" }).click();
    await expect(page).toHaveURL("/");
  });

  test("in English the refusal pages are English", async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! },
    ]);
    const response = await page.goto("/a%0ab");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid page address");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const tooLarge = await page.request.post("/auth", {
      headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
      data: `email=${"a".repeat(70_000)}`,
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toContain("Request too large");
  });

  test("a redirect target with a tab, a newline or a space goes home instead", async ({
    request,
  }) => {
    for (const redirectTo of ["/\t/evil.example", "/\n/evil.example", "/ /evil.example"]) {
      const answer = await request.post("/resources/language", {
        form: { lng: "rus", redirectTo },
        maxRedirects: 0,
      });
      expect(answer.status(), JSON.stringify(redirectTo)).toBe(302);
      expect(answer.headers()["location"], JSON.stringify(redirectTo)).toBe("/");
    }
    const signIn = await request.post("/auth", {
      form: { ...resident, redirectTo: "/\t/evil.example" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(302);
    expect(signIn.headers()["location"]).toBe("/");
  });
});

test.describe("personal answers", { tag: "@server" }, () => {
  test("everything a signed-in user gets is private, no-store; public answers keep their caching", async ({
    request,
    playwright,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL: baseURL() });
    const paths = ["/posts", "/posts.data", "/posts/feed.xml", "/locales/rus/translation.json"];
    const before = await Promise.all(paths.map((path) => anonymous.get(path)));
    // The news, signed out, may be kept by a shared cache for seconds (decision 037); the feed is
    // public only with PUBLIC_URL, which this stack does not set.
    const shared = "public, max-age=0, s-maxage=10, must-revalidate";
    expect(before.map((answer) => answer.headers()["cache-control"] ?? "")).toEqual([
      shared,
      shared,
      "private, max-age=300",
      expect.stringContaining("public"),
    ]);
    await anonymous.dispose();

    const signIn = await request.post("/auth", { form: resident, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
    expect(signIn.headers()["cache-control"]).toBe("private, no-store");
    for (const path of [
      "/profile",
      "/profile.data",
      "/profile/accounts",
      ...paths.filter((path) => !path.startsWith("/locales/")),
      "/media/posts/missing.png",
      "/no-such-page",
    ]) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBeLessThan(500);
      expect(answer.headers()["cache-control"], path).toBe("private, no-store");
    }
    const theme = await request.post("/resources/theme", {
      form: { theme: "dark", redirectTo: "/profile" },
      maxRedirects: 0,
    });
    expect(theme.headers()["cache-control"]).toBe("private, no-store");
    // The texts are files of the build, the same for everyone, as its scripts are.
    // Without this build's version, or with an older release's, they are kept five minutes.
    for (const path of [
      "/locales/rus/translation.json",
      "/locales/rus/errors.json?v=0123456789ab",
    ]) {
      const texts = await request.get(path);
      expect(texts.status(), path).toBe(200);
      expect(texts.headers()["cache-control"], path).toBe(
        "public, max-age=300, stale-while-revalidate=86400",
      );
    }
    // The server's own texts, the backend's refusals, are no file a browser may fetch.
    expect((await request.get("/locales/rus/backend.json")).status()).toBe(404);
  });
});

test.describe("cookies behind HTTPS", { tag: "@server" }, () => {
  test("every cookie is Secure when the trusted proxy says HTTPS, and only then", async ({
    request,
  }) => {
    const https = { "X-Forwarded-Proto": "https" };
    const signIn = await request.post("/auth", { form: resident, headers: https, maxRedirects: 0 });
    const cookies = setCookies(signIn);
    expect(cookies.map((cookie) => cookie.split("=")[0]).sort()).toEqual([
      "__Host-session",
      "__toast",
      "signed_in",
    ]);
    for (const cookie of cookies) expect(cookie, cookie.split("=")[0]).toMatch(/; Secure(;|$)/i);
    const theme = setCookies(
      await request.post("/resources/theme", {
        form: { theme: "dark" },
        headers: https,
        maxRedirects: 0,
      }),
    );
    const language = setCookies(
      await request.post("/resources/language", {
        form: { lng: "en" },
        headers: https,
        maxRedirects: 0,
      }),
    );
    expect(theme.find((cookie) => cookie.startsWith("theme="))).toMatch(/; Secure/i);
    expect(language.find((cookie) => cookie.startsWith("lng="))).toMatch(/; Secure/i);

    const plain = setCookies(
      await request.post("/resources/theme", { form: { theme: "light" }, maxRedirects: 0 }),
    );
    expect(plain.find((cookie) => cookie.startsWith("theme="))).not.toMatch(/Secure/i);
  });
});

test.describe(
  "a portal reached directly, with a backend whose files lie about their type",
  { tag: "@server" },
  () => {
    test.describe.configure({ mode: "serial" });
    let backend: Awaited<ReturnType<typeof startBrokenBackend>>;
    let portal: Portal;
    let configured: Portal;
    test.beforeAll(async () => {
      backend = await startBrokenBackend();
      await backend.setMode("media");
      // No TRUST_PROXY: nobody's X-Forwarded-* counts.
      portal = await startPortal({ apiUrl: backend.url, env: { API_TIMEOUT_MS: "2000" } });
      configured = await startPortal({
        apiUrl: backend.url,
        env: { PUBLIC_URL: "https://lk.example.ru", TRUST_PROXY: "loopback" },
      });
    });
    test.afterAll(async () => {
      await portal?.stop();
      await configured?.stop();
      await backend?.stop();
    });

    test("an untrusted X-Forwarded-Host changes no feed link and no page", async ({ request }) => {
      const feed = await request.get(`${portal.url}/posts/feed.xml`, {
        headers: { "X-Forwarded-Host": "evil.example" },
      });
      expect(feed.status()).toBe(200);
      const xml = await feed.text();
      expect(xml).not.toContain("evil.example");
      expect(xml).toContain(
        `<link rel="self" type="application/atom+xml" href="${portal.url}/posts/feed.xml"/>`,
      );

      const poisoned = await request.get(`${portal.url}/documents/privacy`, {
        headers: { "X-Forwarded-Host": "evil.example" },
      });
      expect(poisoned.status()).toBe(200);
      expect(await poisoned.text()).not.toContain("evil.example");
    });

    test("without PUBLIC_URL the feed, whose links follow the Host, is kept by no shared cache", async ({
      request,
    }) => {
      const feed = await request.get(`${portal.url}/posts/feed.xml`, {
        headers: { Host: "evil.example" },
      });
      expect(await feed.text()).toContain('href="http://evil.example/posts/feed.xml"');
      expect(feed.headers()["cache-control"]).toBe("private, max-age=300");
      const configuredFeed = await request.get(`${configured.url}/posts/feed.xml`);
      expect(configuredFeed.headers()["cache-control"]).toBe("public, max-age=300");
    });

    test("duplicate preference cookies on a hard reload cannot give the next visitors another language or theme", async ({
      request,
    }) => {
      // As the portal writes them: base64 JSON, URL-encoded.
      const value = (data: string) =>
        encodeURIComponent(Buffer.from(JSON.stringify(data)).toString("base64"));
      const path = `${portal.url}/documents/agreement`;
      const attacker = await request.get(path, {
        headers: {
          Cookie: `lng=${value("en")}; theme=${value("dark")}; lng=; theme=`,
          "Cache-Control": "no-cache",
        },
      });
      const page = await attacker.text();
      expect(page).toContain('<html lang="en"');
      expect(page).toMatch(/<body class="dark"/);
      const visitor = await request.get(path);
      const html = await visitor.text();
      expect(html).toContain('<html lang="ru"');
      expect(html).not.toMatch(/<body class="dark"/);
    });

    test("PUBLIC_URL makes the feed's links, whatever host is named", async ({ request }) => {
      const feed = await request.get(`${configured.url}/posts/feed.xml`, {
        headers: { "X-Forwarded-Host": "evil.example" },
      });
      const xml = await feed.text();
      expect(xml).toContain(
        '<link rel="self" type="application/atom+xml" href="https://lk.example.ru/posts/feed.xml"/>',
      );
      expect(xml).not.toContain("evil.example");
      expect(xml).not.toContain("127.0.0.1");
    });

    test("/media shows images and PDFs by their bytes and makes anything else a download", async ({
      request,
    }) => {
      const html = await request.get(`${portal.url}/media/page.html`);
      expect(html.status()).toBe(200);
      expect(html.headers()["content-type"]).toBe("application/octet-stream");
      expect(html.headers()["content-disposition"]).toBe("attachment");
      expect(html.headers()["x-content-type-options"]).toBe("nosniff");
      expect(await html.text()).toContain("<script>");

      const svg = await request.get(`${portal.url}/media/image.svg`);
      expect(svg.headers()["content-type"]).toBe("application/octet-stream");
      expect(svg.headers()["content-disposition"]).toBe("attachment");

      // Declared text/html, but the bytes are a PNG: shown as the PNG it is.
      const png = await request.get(`${portal.url}/media/photo.png`);
      expect(png.headers()["content-type"]).toBe("image/png");
      expect(png.headers()["content-disposition"]).toBe("inline");
      expect((await png.body()).subarray(0, 4).toString("latin1")).toBe("\x89PNG");

      const pdf = await request.get(`${portal.url}/media/doc.pdf`);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect(pdf.headers()["content-disposition"]).toBe("inline");
    });

    test("a 503 says when to try again, pages and the portal's own answers alike", async ({
      request,
    }) => {
      await backend.setMode("empty503");
      try {
        const posts = await request.get(`${portal.url}/posts`);
        expect(posts.status()).toBe(503);
        expect(posts.headers()["retry-after"]).toMatch(/^\d+$/);
        const ready = await request.get(`${portal.url}/readyz`);
        expect(ready.status()).toBe(503);
        expect(ready.headers()["retry-after"]).toMatch(/^\d+$/);
      } finally {
        await backend.setMode("media");
      }
    });
  },
);
