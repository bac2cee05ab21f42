/**
 * What one request may make the portal build, hold or send back: form names
 * that would build huge or deep structures, methods no page takes, redirect
 * targets a Location header cannot carry as they are, and bodies that
 * trickle in. Each gets a small answer at once, and the portal keeps serving.
 */
import http from "node:http";
import net from "node:net";

import { startPortal } from "../support/stack.js";
import { admin, backendUrl, expect, resident, signIn, test } from "./fixtures";

const baseURL = () => `http://127.0.0.1:${process.env.E2E_PORTAL_PORT ?? 3456}`;

/** A raw HTTP exchange (fetch refuses TRACE): status, headers, body. */
function exchange(
  method: string,
  path: string,
  {
    url = baseURL(),
    body,
    headers = {},
  }: { url?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const request = http.request(
        `${url}${path}`,
        { method, headers, timeout: 10_000 },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: text }),
          );
        },
      );
      request.on("timeout", () =>
        request.destroy(new Error(`${method} ${path}: no answer in 10 s`)),
      );
      request.on("error", reject);
      request.end(body);
    },
  );
}

// `a[40000000]=x` made a 120 MB answer after a minute; the deep names overflowed the stack (a 500).
const hostileNames = {
  "a huge list index": "a[40000000]=x",
  "a name nested 20,000 levels": `${"a" + "[a]".repeat(20_000)}=1`,
  "a dotted name nested 20,000 levels": `${"a" + ".a".repeat(20_000)}=1`,
  "an intent naming a huge index": `__intent__=${encodeURIComponent(JSON.stringify({ type: "update", payload: { name: "a", index: 40_000_000, value: "x" } }))}`,
  "an intent 9,000 levels deep": `__intent__=${encodeURIComponent(`{"type":"update","payload":{"name":"a","value":${"[".repeat(9000)}${"]".repeat(9000)}}}`)}`,
};

/** The same hostile name in a multipart body. */
function multipart(name: string) {
  const boundary = "----bounds-spec";
  return {
    data: `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n--${boundary}--\r\n`,
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
  };
}

const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * The text the error page shows (its `error-page__text` paragraph), not the
 * page's source: that also carries every string of the errors namespace for
 * the browser's i18next, the refusal's among them.
 */
function errorPageText(html: string) {
  const paragraph = /<p class="error-page__text">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
  return paragraph.replace(/<[^>]+>/g, "");
}

/**
 * The refusal is one page of the portal (its shell and the strings the browser's
 * i18next starts with, about 55 KB uncompressed), never what the names ask for (120 MB).
 */
const onePage = 100_000;

test.describe(
  "form names that would make the portal build or send back too much",
  { tag: "@server" },
  () => {
    test("get a small 400 at once from every public form, with JavaScript (.data) or without, while /healthz answers", async ({
      request,
    }) => {
      const forms = [
        "/auth?index",
        "/auth.data?index",
        "/auth/registration",
        "/auth/reset",
        "/resources/language",
        "/resources/theme",
      ];
      for (const path of forms) {
        for (const [label, body] of Object.entries(hostileNames)) {
          const [answer, health] = await Promise.all([
            request.post(path, { data: body, headers: urlencoded, maxRedirects: 0, timeout: 5000 }),
            request.get("/healthz", { timeout: 5000 }),
          ]);
          expect(answer.status(), `${path}: ${label}`).toBe(400);
          expect((await answer.body()).length, `${path}: ${label}`).toBeLessThan(onePage);
          expect(health.status()).toBe(200);
        }
      }
    });

    test("the refusal says what happened, in the visitor's language, whether the form's shape (400) or its size (413) is at fault", async ({
      page,
      context,
    }) => {
      const tooMany = "a=1&".repeat(500);
      for (const [body, status] of [
        [hostileNames["a huge list index"], 400],
        [tooMany, 413],
      ] as const) {
        const response = await page.request.post("/auth?index", {
          data: body,
          headers: urlencoded,
        });
        expect(response.status()).toBe(status);
        expect(errorPageText(await response.text()), String(status)).toContain(
          "В форме есть поля, каких нет ни в одной форме портала",
        );
      }
      await context.addCookies([
        {
          name: "lng",
          value: Buffer.from(JSON.stringify("en")).toString("base64"),
          url: baseURL(),
        },
      ]);
      for (const body of [hostileNames["a huge list index"], tooMany]) {
        const english = await page.request.post("/auth?index", { data: body, headers: urlencoded });
        expect(errorPageText(await english.text())).toContain(
          "The form has fields no form of this portal has",
        );
      }
    });

    test("a body that is not a form is a 415 that says so", async ({ request }) => {
      const answer = await request.post("/auth?index", {
        data: JSON.stringify({ email: "x" }),
        headers: { "Content-Type": "application/json" },
      });
      expect(answer.status()).toBe(415);
      expect(errorPageText(await answer.text())).toContain("Ожидается отправка формы.");
    });

    test("a multipart body is held to the same bounds, and too many fields are too large", async ({
      request,
    }) => {
      const answer = await request.post("/auth?index", {
        ...multipart("a[40000000]"),
        timeout: 5000,
      });
      expect(answer.status()).toBe(400);
      expect((await answer.body()).length).toBeLessThan(onePage);
      const many = await request.post("/auth?index", {
        data: "a=1&".repeat(500),
        headers: urlencoded,
        timeout: 5000,
      });
      expect(many.status()).toBe(413);
    });

    test("a resident's and an administrator's forms, the image upload included", async ({
      page,
      browser,
    }) => {
      await signIn(page, resident);
      for (const body of Object.values(hostileNames)) {
        const answer = await page.request.post("/profile?index", {
          data: `intent=profile&${body}`,
          headers: urlencoded,
          timeout: 5000,
        });
        expect(answer.status()).toBe(400);
        expect((await answer.body()).length).toBeLessThan(onePage);
      }
      const context = await browser.newContext({ baseURL: baseURL() });
      try {
        const adminPage = await context.newPage();
        await signIn(adminPage, admin);
        for (const path of [
          "/admin/posts/1/images",
          "/admin/posts/1/edit",
          "/admin/posts/1/edit?intent=replace",
          "/admin/users/new",
        ]) {
          const answer = await adminPage.request.post(path, {
            ...multipart("a[40000000]"),
            maxRedirects: 0,
            timeout: 5000,
          });
          expect(answer.status(), path).toBe(400);
          expect((await answer.body()).length, path).toBeLessThan(onePage);
        }
      } finally {
        await context.close();
      }
    });

    test("a real form within the bounds still works", async ({ request }) => {
      const answer = await request.post("/auth?index", {
        form: { email: "not-an-address", password: "x" },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(400);
      const page = await answer.text();
      expect(page).toContain("not-an-address");
      expect(page).toContain("Пожалуйста, укажите корректный формат электронной почты.");
    });
  },
);

test.describe("methods no page takes", { tag: "@server" }, () => {
  test("are a 405 with Allow, POST named only where a form posts", async () => {
    for (const method of ["OPTIONS", "TRACE", "PROPFIND", "PUT", "DELETE", "PATCH"]) {
      for (const [path, allow] of [
        ["/", "GET, HEAD"],
        ["/about", "GET, HEAD"],
        ["/auth", "GET, HEAD, POST"],
        ["/resources/language", "GET, HEAD, POST"],
        ["/healthz", "GET, HEAD"],
        ["/favicon.svg", "GET, HEAD"],
      ]) {
        const answer = await exchange(method, path!);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe(allow);
        expect(answer.body, `${method} ${path}`).toContain("Такой запрос здесь не принимается");
      }
    }
  });

  test("a POST where no form posts is React Router's 405, with Allow too", async () => {
    const answer = await exchange("POST", "/about", { body: "x=1", headers: urlencoded });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
  });

  test("pages, probes and files answer as before", async () => {
    expect((await exchange("GET", "/about")).status).toBe(200);
    expect((await exchange("HEAD", "/about")).status).toBe(200);
    expect((await exchange("GET", "/healthz")).body).toBe('{"status":"ok"}');
    const file = await exchange("GET", "/favicon.svg");
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toContain("image/svg+xml");
  });
});

test.describe(
  "redirect targets with letters a Location header cannot carry",
  { tag: "@server" },
  () => {
    const cyrillic = { redirectTo: "/д" };

    test("the language and theme switches go to the encoded path", async ({ request }) => {
      for (const [path, form] of [
        ["/resources/language", { lng: "en", ...cyrillic }],
        ["/resources/theme", { theme: "dark", ...cyrillic }],
      ] as const) {
        const answer = await request.post(path, { form, maxRedirects: 0 });
        expect(answer.status(), path).toBe(302);
        expect(answer.headers().location, path).toBe("/%D0%B4");
      }
      const get = await request.get(
        `/resources/language?lng=en&redirectTo=${encodeURIComponent("/д")}`,
        { maxRedirects: 0 },
      );
      expect(get.status()).toBe(302);
    });

    test("sign-in goes to the encoded path, where the 404 page is shown signed in", async ({
      request,
    }) => {
      const answer = await request.post("/auth?index", {
        form: { email: resident.email, password: resident.password, ...cyrillic },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toBe("/%D0%B4");
      const next = await request.get("/%D0%B4");
      expect(next.status()).toBe(404);
      expect(await request.get("/profile", { maxRedirects: 0 }).then((page) => page.status())).toBe(
        200,
      );
    });
  },
);

test.describe("server timeouts", { tag: "@server" }, () => {
  test("keep-alive outlasts nginx's upstream keep-alive (60 s)", async () => {
    const answer = await exchange("GET", "/healthz");
    expect(answer.headers["keep-alive"]).toBe("timeout=65");
  });

  test.describe("with a short request timeout", { tag: "@server" }, () => {
    let portal: Awaited<ReturnType<typeof startPortal>>;
    test.beforeAll(async () => {
      portal = await startPortal({
        apiUrl: backendUrl(),
        env: { REQUEST_TIMEOUT_MS: "2000", HEADERS_TIMEOUT_MS: "1000" },
      });
    });
    test.afterAll(async () => portal?.stop());

    /** Opens a request, sends `head`, then one byte every 300 ms; resolves with what came back when the portal closed it. */
    function trickle(head: string, maxBytes: number) {
      return new Promise<{ answer: string; sent: number }>((resolve, reject) => {
        const { port } = new URL(portal.url);
        const socket = net.connect(Number(port), "127.0.0.1");
        let answer = "";
        let sent = 0;
        const timer = setInterval(() => {
          if (sent >= maxBytes) return;
          sent += 1;
          socket.write("a");
        }, 300);
        const give = setTimeout(() => {
          clearInterval(timer);
          socket.destroy();
          reject(new Error("the portal still held the connection after 20 s"));
        }, 20_000);
        socket.on("connect", () => socket.write(head));
        socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
        socket.on("error", () => {});
        socket.on("close", () => {
          clearInterval(timer);
          clearTimeout(give);
          resolve({ answer, sent });
        });
      });
    }

    test("a body sent a byte at a time is cut off with a 408", async () => {
      const { port } = new URL(portal.url);
      const head = `POST /auth?index HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`;
      const { answer, sent } = await trickle(head, 1000);
      expect(answer).toMatch(/^HTTP\/1.1 408/);
      // Far fewer bytes than the body declared: the portal stopped waiting, the client did not stop sending.
      expect(sent).toBeLessThan(60);
    });

    test("headers sent a byte at a time are cut off too, and the portal serves meanwhile", async () => {
      const slow = trickle("GET / HTTP/1.1\r\nX-Slow: ", 1000);
      const page = await exchange("GET", "/healthz", { url: portal.url });
      expect(page.status).toBe(200);
      const { sent } = await slow;
      expect(sent).toBeLessThan(60);
    });
  });
});
