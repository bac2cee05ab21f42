import { expect, resident, signIn, test } from "./fixtures";

/** A script, a style, a text file or a raster picture is never a document: the headers only a document obeys stay off it. */
function expectFileHeaders(headers: Record<string, string>, where: string) {
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  for (const name of [
    "content-security-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
    "permissions-policy",
    "x-powered-by",
  ])
    expect(headers[name], `${name} on ${where}`).toBeUndefined();
}

function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, where).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, where).toContain("object-src 'none'");
  expect(csp, where).toContain("base-uri 'none'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], where).toBeTruthy();
  expect(headers["x-powered-by"], where).toBeUndefined();
}

test.describe("security headers", { tag: "@server" }, () => {
  test("are on pages, data requests, errors and SVGs; scripts, texts and raster pictures carry a file's", async ({
    page,
    request,
  }) => {
    const response = await page.goto("/");
    const html = await response!.text();
    const script = /(\/assets\/entry\.client-[^"' ]+\.js)/.exec(html)![1];
    for (const path of ["/", "/posts.data", "/no-such-page", "/favicon.svg", "/healthz"]) {
      const answer = await request.get(path);
      expectSecurityHeaders(answer.headers(), path);
    }
    for (const path of [script, "/locales/rus/translation.json", "/pwa/icon-192.png"]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expectFileHeaders(answer.headers(), path);
    }
    const nonce = /'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"])![1];
    // Every inline script carries this request's nonce.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    // And so does the page's own stylesheet, the only inline style.
    const styles = [...html.matchAll(/<style([^>]*)>/g)].map((match) => match[1]);
    expect(styles.length).toBe(1);
    for (const attributes of styles) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/\son[a-z]+="/);
  });

  test("scripts and styles go out compressed at build time and cached for a year", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // Named in React Router's module script (<Scripts>).
    const path = /(\/assets\/entry\.client-[^"' ]+\.js)/.exec(html)![1];
    const plain = await (
      await request.get(path, { headers: { "Accept-Encoding": "identity" } })
    ).text();
    for (const [accepted, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ]) {
      const answer = await request.get(path, { headers: { "Accept-Encoding": accepted } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-encoding"]).toBe(encoding);
      // Each build-time encoding (brotli; gzip by zopfli) reads back as the script itself.
      expect(await answer.text(), `${path} as ${encoding}`).toBe(plain);
      expect(answer.headers()["content-type"]).toContain("javascript");
      expect(answer.headers()["cache-control"]).toContain("immutable");
      // Never revalidated: no validators to send.
      expect(answer.headers()["etag"]).toBeUndefined();
      expect(answer.headers()["last-modified"]).toBeUndefined();
      expectFileHeaders(answer.headers(), path);
    }
  });

  test("pages go out compressed on the way, as React Router wrote them", async ({ request }) => {
    for (const [accepted, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
    ]) {
      const answer = await request.get("/posts", { headers: { "Accept-Encoding": accepted } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-encoding"]).toBe(encoding);
      expect(answer.headers()["vary"]).toContain("Accept-Encoding");
      const html = await answer.text();
      const nonce = /'nonce-([^']+)'/.exec(answer.headers()["content-security-policy"])![1];
      // React Router's <Scripts>: the module script that hydrates the page, started with the document.
      const modules = [...html.matchAll(/<script([^>]*)>/g)]
        .map((match) => match[1])
        .filter((attributes) => attributes.includes('type="module"'));
      expect(modules).toHaveLength(1);
      expect(modules[0]).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('type="text/plain"');
    }
  });

  test("each request has its own nonce", async ({ request }) => {
    const first = (await request.get("/")).headers()["content-security-policy"];
    const second = (await request.get("/")).headers()["content-security-policy"];
    expect(first).not.toBe(second);
  });
});

test.describe("cross-site requests", { tag: "@server" }, () => {
  test("a POST from another site is refused by every action", async ({ page }) => {
    await signIn(page, resident);
    const actions = [
      "/auth",
      "/auth/registration",
      "/auth/reset",
      "/profile",
      "/profile/accounts",
      "/profile/accounts/1000000001/detach",
      "/resources/theme",
      "/resources/language",
      "/resources/logout",
      "/posts/create",
      "/admin/posts/1/edit",
      "/admin/posts/1/images",
      "/admin/users/new",
    ];
    for (const path of actions) {
      const variants: Array<Record<string, string>> = [
        { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        { Origin: "https://evil.example" },
        { Referer: "https://evil.example/form.html" },
      ];
      for (const headers of variants) {
        const response = await page.request.post(path, {
          form: { id: "1000000001", theme: "dark" },
          headers,
          maxRedirects: 0,
        });
        expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    // The account is still attached.
    await page.goto("/profile/accounts");
    await expect(page.locator(".account-card").filter({ hasText: "1000000001" })).toHaveCount(1);
  });

  test("a GET cannot change anything", async ({ page }) => {
    await signIn(page, resident);
    await page.goto("/resources/logout");
    await page.goto("/profile");
    await expect(page).toHaveURL("/profile");
  });
});

test.describe("behind an HTTPS proxy", { tag: "@server" }, () => {
  test("cookies are Secure, the session's is __Host-session, and HSTS is sent", async ({
    request,
  }) => {
    const response = await request.post("/auth", {
      form: { email: resident.email, password: resident.password },
      headers: { "X-Forwarded-Proto": "https" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const cookies = response
      .headersArray()
      .filter((header) => header.name.toLowerCase() === "set-cookie")
      .map((header) => header.value);
    // __Host-: browsers keep it only Secure, for this host alone (no Domain), with Path=/.
    expect(cookies.some((cookie) => cookie.startsWith("__session="))).toBe(false);
    const session = cookies.find((cookie) => cookie.startsWith("__Host-session="))!;
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).not.toMatch(/; Domain=/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(response.headers()["strict-transport-security"]).toContain("max-age=");
    const plain = await request.get("/");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  });
  test("over HTTPS the session is read only under __Host-session: the plain name (which a sibling subdomain can plant) is not", async ({
    request,
    baseURL,
  }) => {
    const https = { "X-Forwarded-Proto": "https" };
    const signedIn = await request.post("/auth", {
      form: resident,
      headers: https,
      maxRedirects: 0,
    });
    const session = signedIn
      .headersArray()
      .find(
        (header) => /^set-cookie$/i.test(header.name) && header.value.startsWith("__Host-session="),
      )!;
    const value = session.value.split(";")[0].slice("__Host-session=".length);
    // Plain fetch: nothing but the Cookie header given here.
    const profile = (cookie: string) =>
      fetch(`${baseURL}/profile`, { headers: { ...https, Cookie: cookie }, redirect: "manual" });
    expect((await profile(`__Host-session=${value}`)).status).toBe(200);
    const planted = await profile(`__session=${value}`);
    expect(planted.status).toBe(302);
    expect(planted.headers.get("location")).toBe(
      `/auth?redirectTo=${encodeURIComponent("/profile")}`,
    );
  });
});
