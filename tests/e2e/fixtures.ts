/**
 * The e2e test fixture: fails a test on any CSP violation or uncaught page
 * error, and knows the demo identities and the stand-in's outbox.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

import { visitedKey } from "../../app/pwa/starter";
import { linkQuietMessage } from "../../app/pwa/worker-parts";
import { sessionCookieNames } from "../../app/utils/http/personal-cookies";

export const resident = { email: "resident@example.com", password: "resident12345" };
export const admin = { email: "admin@example.com", password: "admin12345" };

/** The session cookie among a browser's cookies, under either name (`__Host-session` over HTTPS). */
export function findSessionCookie<T extends { name: string }>(cookies: T[]): T | undefined {
  return cookies.find((cookie) => (sessionCookieNames as readonly string[]).includes(cookie.name));
}

export const backendUrl = () => process.env.E2E_BACKEND_URL ?? "http://127.0.0.1:8765";

export const test = base.extend<{
  jsEnabled: boolean;
  guard: void;
  returning: boolean;
  worker: void;
}>({
  jsEnabled: [
    async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
    { option: false },
  ],
  /**
   * A returning resident's visit (JavaScript on), as most residents come: the worker controls the
   * test's first page (decision 042). The offline specs turn it off to watch a first visit's install;
   * a suite that holds requests with page.route blocks the worker itself.
   */
  returning: [true, { option: true }],
  worker: [
    async ({ page, javaScriptEnabled, serviceWorkers, returning }, use) => {
      if (returning && javaScriptEnabled !== false && serviceWorkers === "allow") {
        // The earlier visit, without a page of the portal's: the worker installed and claimed, the
        // visit noted (so every page loads the registration, as app/pwa/starter.ts does on a return).
        await page.goto("/robots.txt");
        await page.evaluate(
          async ({ key, quiet }) => {
            localStorage.setItem(key, "1");
            const registration = await navigator.serviceWorker.register("/sw.js");
            // What the portal's pages say once their link is quiet (app/pwa/register.ts): this one loads nothing more.
            registration.installing?.postMessage({ type: quiet });
            await navigator.serviceWorker.ready;
          },
          { key: visitedKey, quiet: linkQuietMessage },
        );
      }
      await use();
    },
    { auto: true },
  ],
  guard: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Refused to (execute|load|apply)/i.test(text))
          problems.push(`CSP: ${text}`);
        if (message.type() === "error" && /hydrat/i.test(text)) problems.push(`hydration: ${text}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      // A violation the page's code catches (zod's probe for eval was one) reaches no console: listen for the event itself.
      await page.exposeBinding("reportCspViolation", (_source, text: string) =>
        problems.push(`CSP: ${text}`),
      );
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { reportCspViolation?: (text: string) => void })
            .reportCspViolation;
          report?.(
            `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await use();
      expect(problems, "the page broke its CSP or threw").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has hydrated the page (JavaScript on). Before that a link
 * that opens a dialog is still a plain link to its confirmation page.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Signs in by the sign-in form's own POST, sent with the browser's cookies, then
 * opens the page the form would have led to (and, with JavaScript, waits until
 * it is React's). The form itself, by hand, is auth.spec.ts's; here it is the
 * way in for the other flows, without rendering the sign-in page each time.
 */
export async function signIn(page: Page, who = resident, redirectTo?: string) {
  const signInPage = await page.request.get("/auth");
  const form =
    /<form[^>]*id="login"[^>]*>([\s\S]*?)<\/form>/.exec(await signInPage.text())?.[1] ?? "";
  // Its own fields besides the e-mail and the password (the honeypot among them), as the page gives them.
  const fields = Object.fromEntries(
    [...form.matchAll(/<input[^>]*\bname="([^"]+)"[^>]*\bvalue="([^"]*)"/g)].map((field) => [
      field[1]!,
      field[2]!,
    ]),
  );
  const origin = new URL(signInPage.url()).origin;
  const answer = await page.request.post("/auth", {
    form: { ...fields, email: who.email, password: who.password, redirectTo: redirectTo ?? "" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  const location = answer.headers()["location"];
  expect(answer.status(), `signing in as ${who.email}`).toBe(302);
  await page.goto(new URL(location!, origin).href);
  if (test.info().project.use.javaScriptEnabled !== false) await hydrated(page);
}

/** Signs in as a resident does: the sign-in page, its fields and its button (with JavaScript, a client-side navigation). */
export async function signInByForm(page: Page, who = resident, redirectTo?: string) {
  await page.goto(redirectTo ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth");
  await page.getByLabel("Электронная почта").fill(who.email);
  await page.getByLabel("Пароль", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Войти" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  // With JavaScript the URL changes a moment before the new page renders.
  await expect(page.locator("form#login")).toHaveCount(0);
}

/**
 * A code the stand-in never sent: registration codes are checked without the
 * e-mail (the contract's check_code takes the code alone), so "the right code
 * plus one" could be another test's pending registration, and accepted.
 */
export async function unusedCode() {
  const response = await fetch(`${backendUrl()}/__outbox/`);
  const sent = new Set(
    ((await response.json()) as Array<{ code: number }>).map((entry) => entry.code),
  );
  for (;;) {
    const code = 1000 + Math.floor(Math.random() * 9000);
    if (!sent.has(code)) return String(code);
  }
}

/** The newest code the stand-in (at `backend`, the shared stack's by default) "sent" to this address. */
export async function latestCode(
  email: string,
  purpose: "register" | "reset",
  backend = backendUrl(),
) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(`${backend}/__outbox/?email=${encodeURIComponent(email)}`);
    const entries = (await response.json()) as Array<{ code: number; purpose: string }>;
    const entry = entries.find((item) => item.purpose === purpose);
    if (entry) return String(entry.code);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${purpose} code for ${email}`);
}

/**
 * A code typed as a resident types it: into the four slots with JavaScript
 * (they submit by themselves after the fourth digit), into the plain field
 * and «Далее» without.
 */
export async function enterCode(page: Page, code: string, jsEnabled: boolean) {
  if (jsEnabled) {
    await page.getByLabel("Код из письма, 4 цифры").pressSequentially(code);
  } else {
    await page.getByLabel("Код из письма").fill(code);
    await page.getByRole("button", { name: "Далее" }).click();
  }
}

/**
 * Registration's first step as a resident takes it: the e-mail, the consent to
 * the processing of personal data (given before the e-mail is sent), «Далее».
 */
export async function registerEmail(page: Page, email: string) {
  await page.getByLabel("Электронная почта").fill(email);
  await page.getByLabel("Я даю согласие на обработку моих персональных данных").check();
  await page.getByRole("button", { name: "Далее" }).click();
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

export async function expectNoAxeViolations(page: Page, where?: string) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(engineSource("axe"));
  // axe.run in the page itself; the passes and the inapplicable rules are not gathered, only what fails.
  const violations = await page.evaluate(async () => {
    type Axe = {
      run(
        context: Document,
        options: object,
      ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
    };
    const { violations } = await (window as unknown as { axe: Axe }).axe.run(document, {
      resultTypes: ["violations"],
    });
    return violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
  });
  expect(violations, where ? `axe on ${where}` : undefined).toEqual([]);
}

// The engines' browser builds (HTML_CodeSniffer's with its WCAG 2 rule sets: it loads no script of its own).
const engines = { axe: "axe-core/axe.min.js", htmlcs: "html_codesniffer/build/HTMLCS.js" };
const engineSources = new Map<keyof typeof engines, string>();
function engineSource(engine: keyof typeof engines) {
  if (!engineSources.has(engine))
    engineSources.set(
      engine,
      readFileSync(createRequire(import.meta.url).resolve(engines[engine]), "utf8"),
    );
  return engineSources.get(engine)!;
}

/**
 * Puts axe and HTML_CodeSniffer in every page the context opens, before the
 * page's own scripts (for a walk through many pages: sending half a megabyte
 * of engine over the protocol after each load costs more than the check).
 * They are evaluated as the browser's own scripts are, out of the CSP's reach,
 * as `page.evaluate` would.
 */
export async function withAccessibilityEngines(context: BrowserContext) {
  await context.addInitScript({ content: engineSource("axe") });
  await context.addInitScript({ content: engineSource("htmlcs") });
}

/**
 * HTML_CodeSniffer's WCAG2AA errors on the page. It is evaluated in the page
 * as axe is (a script tag would break the page's CSP); warnings and notices
 * are things to check by hand, errors are failures.
 */
export async function expectNoHtmlcsErrors(page: Page, where?: string) {
  if (!(await page.evaluate(() => "HTMLCS" in window))) await page.evaluate(engineSource("htmlcs"));
  const errors = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element | Document };
        type Htmlcs = {
          process(
            standard: string,
            content: Document,
            done: () => void,
            failed: () => void,
            language: string,
          ): void;
          getMessages(): Message[];
        };
        const htmlcs = (
          window as unknown as {
            HTMLCS: Htmlcs & { getTranslation(key: string): string | undefined };
          }
        ).HTMLCS;
        // 2.5.1 asks for "…InvalidAutoComplete_…" texts its translations spell "…InvalidAutocomplete_…": without
        // this it throws on the first autocomplete error instead of reporting it.
        const translate = htmlcs.getTranslation.bind(htmlcs);
        htmlcs.getTranslation = (key) =>
          translate(key) ?? translate(key.replace("AutoComplete", "Autocomplete"));
        // Its one rule older than the HTML standard: it allows autocomplete="username" on text inputs only, where the
        // standard (and axe) allow it on an e-mail input too: the sign-in field, which password managers know by it.
        const outdated = (message: Message) =>
          message.code.endsWith(".H98") &&
          "matches" in message.element &&
          message.element.matches('input[type="email"][autocomplete~="username"]');
        const describe = (element: Element | Document) =>
          "outerHTML" in element
            ? element.outerHTML.replace(/\s+/g, " ").slice(0, 240)
            : element.nodeName;
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((message) => message.type === 1 && !outdated(message))
                .map(
                  (message) => `${message.code}\n  ${describe(message.element)}\n  ${message.msg}`,
                ),
            ),
          () => reject(new Error("HTML_CodeSniffer could not load WCAG2AA")),
          "en",
        );
      }),
  );
  expect(errors, where ? `HTML_CodeSniffer on ${where}` : "HTML_CodeSniffer").toEqual([]);
}

/** A new resident registered straight through the backend (a stack's own, if given), for tests that change a user. */
export async function createResident(prefix = "resident", backend = backendUrl()) {
  const email = uniqueEmail(prefix);
  const password = "test-password-1";
  const api = `${backend}/api/v1/client/users`;
  const post = (path: string, body: unknown) =>
    fetch(`${api}/${path}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const sent = await post("register_email", { email });
  if (sent.status !== 200) throw new Error(`register_email answered ${sent.status}`);
  const code = Number(await latestCode(email, "register", backend));
  const created = await post("register_profile", {
    code,
    password,
    password_confirmation: password,
    first_name: "Мария",
    last_name: "Тестова",
  });
  if (created.status !== 201)
    throw new Error(`register_profile answered ${created.status}: ${await created.text()}`);
  return { email, password };
}

/** The backend's own answer, to compare pages with. */
export async function backendGet<T>(path: string): Promise<T> {
  const response = await fetch(`${backendUrl()}/api/v1/${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The language cookie as the switch writes it (React Router cookies are base64 JSON). */
export function chooseLanguage(
  context: BrowserContext,
  baseURL: string | undefined,
  language: "rus" | "en" | "ykt",
) {
  return context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify(language)).toString("base64"), url: baseURL! },
  ]);
}

async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const documentWidth = document.documentElement.scrollWidth;
    let widest: { element: string; right: number } | null = null;
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1 || rect.right <= width + 0.5) continue;
      // Not shown: inside a closed <details> (the phone menu), hidden or invisible.
      if (
        !element.checkVisibility({
          contentVisibilityAuto: true,
          opacityProperty: true,
          visibilityProperty: true,
        })
      )
        continue;
      if (getComputedStyle(element).clip !== "auto") continue;
      if (!widest || rect.right >= widest.right) {
        const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
        widest = {
          element: `<${element.tagName.toLowerCase()} class="${element.className}"> «${text}»`,
          right: Math.round(rect.right),
        };
      }
    }
    return { width, documentWidth, widest };
  });
}

/** Fails, naming the widest element, when the page is wider than the screen or something reaches past its right edge. */
export async function expectFits(page: Page, where: string) {
  const found = await overflow(page);
  expect(
    found.documentWidth <= found.width && !found.widest,
    `${where}: document ${found.documentWidth} px wide; widest ${found.widest?.element} reaches ${found.widest?.right} px`,
  ).toBe(true);
}
