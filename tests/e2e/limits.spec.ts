/**
 * Limits on every door (docs/decisions/008-abuse-limits.md): code guessing, code requests,
 * sign-in and attaching an account, against a stack of its own with the default limits (sign-in
 * delays shortened so the suite does not wait half a minute per account).
 * The tests stand where the proxy would (TRUST_PROXY=loopback): each test is
 * its own client through X-Forwarded-For. A second stack without
 * TRUST_PROXY shows that the same header then counts for nothing.
 */
import {
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
} from "@playwright/test";

import { startStack } from "../support/stack.js";
import { createResident, expect, registerEmail, test, uniqueEmail } from "./fixtures";

type Stack = Awaited<ReturnType<typeof startStack>>;

const codeUsedUp = "Код введён неверно слишком много раз и больше не принимается.";
const tooManyCodeTries = /Слишком много попыток ввести код\. Попробуйте снова через \d+ мин\./;
const tooManyCodeRequests =
  /Слишком много запросов кода\. Запросить код снова можно через \d+ мин\./;
const tooManyLogins = /Слишком много неудачных попыток входа\. Попробуйте снова через \d+ мин\./;
const tooManyAttachTries =
  /Слишком много неудачных попыток привязать лицевой счёт\. Попробуйте снова через \d+ мин\./;
const accountNotFound =
  "Лицевой счёт с таким номером и фамилией не найден. Проверьте номер и фамилию владельца.";

let lastOctet = 0;
/** A client address of its own for each test (and each project: they share nothing but the numbering). */
function newClient(project: string) {
  lastOctet += 1;
  return `${project === "js-on" ? "198.51.100" : "203.0.113"}.${lastOctet}`;
}

/** The form-level error of a page, as text (the request tests read HTML). */
function formError(html: string) {
  const match = /class="form-error"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match ? match[1].replace(/<[^>]+>/g, "").trim() : "";
}

test.describe("abuse limits", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let stack: Stack;
  const contexts: APIRequestContext[] = [];

  test.beforeAll(async () => {
    stack = await startStack({
      // Resending is tested too: a 2-second throttle instead of a minute (as resend.spec.ts).
      backendEnv: { BACKEND_CODE_THROTTLE_SECONDS: "2" },
      portalEnv: {
        TRUST_PROXY: "loopback",
        RESEND_COOLDOWN_SECONDS: "2",
        LIMIT_LOGIN_DELAY_MS: "300",
        LIMIT_LOGIN_MAX_DELAY_MS: "600",
      },
    });
  });
  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.dispose()));
    await stack?.stop();
  });

  /** A visitor of its own: its own cookie jar (session), coming from `client`. */
  async function visitor(client: string) {
    const context = await playwrightRequest.newContext({
      baseURL: stack.portalUrl,
      extraHTTPHeaders: { Origin: stack.portalUrl, "X-Forwarded-For": client },
    });
    contexts.push(context);
    const post = (path: string, form: Record<string, string>) => {
      if (path === "/auth/registration" && form.intent === "email") registered.add(form.email);
      return context.post(path, { form: { name__confirm: "", ...form }, maxRedirects: 0 });
    };
    return { context, post };
  }

  async function codesFor(email: string, purpose: "register" | "reset") {
    const response = await fetch(
      `${stack.backendUrl}/__outbox/?email=${encodeURIComponent(email)}`,
    );
    const entries = (await response.json()) as Array<{ code: number; purpose: string }>;
    return entries.filter((entry) => entry.purpose === purpose).map((entry) => entry.code);
  }

  async function latest(email: string, purpose: "register" | "reset") {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const [code] = await codesFor(email, purpose);
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no ${purpose} code for ${email}`);
  }

  /**
   * Codes that are wrong for everyone: a registration code alone names a
   * pending registration, so a guess must miss every one this stack holds.
   */
  const registered = new Set<string>();
  async function wrongCodes(code: number, count: number) {
    const taken = new Set([code]);
    for (const email of registered)
      for (const issued of await codesFor(email, "register")) taken.add(issued);
    const wrong: number[] = [];
    for (let candidate = code; wrong.length < count;) {
      candidate = candidate === 9999 ? 1000 : candidate + 1;
      if (!taken.has(candidate)) wrong.push(candidate);
    }
    return wrong;
  }

  async function backendLogin(email: string, password: string) {
    const response = await fetch(`${stack.backendUrl}/api/v1/client/users/login/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    return response.status;
  }

  const expectStatus = (response: APIResponse, status: number) =>
    expect(response.status(), response.url()).toBe(status);

  test(
    "five wrong codes in one session, then even the right one waits for a new code",
    { tag: "@server" },
    async () => {
      const { post } = await visitor(newClient(test.info().project.name));
      const email = uniqueEmail("guess");
      expectStatus(
        await post("/auth/registration", { intent: "email", consent: "on", email }),
        302,
      );
      const code = await latest(email, "register");
      for (const wrong of await wrongCodes(code, 5))
        expectStatus(
          await post("/auth/registration", { intent: "code", code: String(wrong) }),
          400,
        );

      const sixth = await post("/auth/registration", {
        intent: "code",
        code: String((await wrongCodes(code, 6))[5]),
      });
      expectStatus(sixth, 429);
      expect(formError(await sixth.text())).toContain(codeUsedUp);
      const right = await post("/auth/registration", { intent: "code", code: String(code) });
      expectStatus(right, 429);
      expect(formError(await right.text())).toContain(codeUsedUp);

      // A new code gives new tries: the new right code passes.
      await new Promise((resolve) => setTimeout(resolve, 2300));
      expectStatus(await post("/auth/registration", { intent: "resend" }), 302);
      const fresh = await latest(email, "register");
      expect(fresh).not.toBe(code);
      const passed = await post("/auth/registration", { intent: "code", code: String(fresh) });
      expectStatus(passed, 302);
      expect(passed.headers().location).toBe("/auth/registration");
    },
  );

  test("the reset's code step counts its tries per code as well", { tag: "@server" }, async () => {
    const { post } = await visitor(newClient(test.info().project.name));
    expectStatus(
      await post("/auth/reset", { intent: "email", consent: "on", email: "resident@example.com" }),
      302,
    );
    const code = await latest("resident@example.com", "reset");
    const tryCode = (value: number) =>
      post("/auth/reset", {
        intent: "reset",
        code: String(value),
        password: "new-password-1",
        password_confirmation: "new-password-1",
      });
    for (const wrong of await wrongCodes(code, 5)) expectStatus(await tryCode(wrong), 400);
    const refused = await tryCode(code);
    expectStatus(refused, 429);
    expect(formError(await refused.text())).toContain(codeUsedUp);
    // Refused without asking the backend: the resident's password is unchanged.
    expect(await backendLogin("resident@example.com", "resident12345")).toBe(200);
  });

  test(
    "one client across many sessions is refused after its quota, the right code included",
    { tag: "@server" },
    async () => {
      const client = newClient(test.info().project.name);
      // Six sessions of five wrong tries each: the client's 30 tries per quarter hour.
      for (let session = 0; session < 6; session += 1) {
        const { post } = await visitor(client);
        const email = uniqueEmail(`spray${session}`);
        expectStatus(
          await post("/auth/registration", { intent: "email", consent: "on", email }),
          302,
        );
        const code = await latest(email, "register");
        for (const wrong of await wrongCodes(code, 5))
          expectStatus(
            await post("/auth/registration", { intent: "code", code: String(wrong) }),
            400,
          );
      }
      const { post } = await visitor(client);
      const email = uniqueEmail("spray-last");
      expectStatus(
        await post("/auth/registration", { intent: "email", consent: "on", email }),
        302,
      );
      const refused = await post("/auth/registration", {
        intent: "code",
        code: String(await latest(email, "register")),
      });
      expectStatus(refused, 429);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(60);
      expect(formError(await refused.text())).toMatch(tooManyCodeTries);

      // Another client still gets its tries.
      const other = await visitor(newClient(test.info().project.name));
      const otherEmail = uniqueEmail("other");
      expectStatus(
        await other.post("/auth/registration", {
          intent: "email",
          consent: "on",
          email: otherEmail,
        }),
        302,
      );
      expectStatus(
        await other.post("/auth/registration", {
          intent: "code",
          code: String(await latest(otherEmail, "register")),
        }),
        302,
      );
    },
  );

  test(
    "the profile step finishes only the code this session's code step accepted",
    { tag: "@server" },
    async () => {
      const victim = await visitor(newClient(test.info().project.name));
      const victimEmail = uniqueEmail("victim");
      expectStatus(
        await victim.post("/auth/registration", {
          intent: "email",
          consent: "on",
          email: victimEmail,
        }),
        302,
      );
      const victimCode = await latest(victimEmail, "register");

      const attacker = await visitor(newClient(test.info().project.name));
      const attackerEmail = uniqueEmail("attacker");
      expectStatus(
        await attacker.post("/auth/registration", {
          intent: "email",
          consent: "on",
          email: attackerEmail,
        }),
        302,
      );
      const profile = {
        intent: "profile",
        code: String(victimCode),
        password: "attacker-pass1",
        password_confirmation: "attacker-pass1",
        first_name: "Иван",
        last_name: "Иванов",
        consent: "on",
      };
      // Straight from the code step, with someone else's code: sent back to the code step.
      const skipped = await attacker.post("/auth/registration", profile);
      expectStatus(skipped, 302);
      expect(skipped.headers().location).toBe("/auth/registration");
      // After passing its own code, a different code in the form changes nothing: its own registration is finished.
      expectStatus(
        await attacker.post("/auth/registration", {
          intent: "code",
          code: String(await latest(attackerEmail, "register")),
        }),
        302,
      );
      const finished = await attacker.post("/auth/registration", profile);
      expectStatus(finished, 302);
      // Registered, and signed in with the password just set.
      expect(finished.headers().location).toBe("/profile");
      expect(await backendLogin(victimEmail, "attacker-pass1")).toBe(401);
      expect(await backendLogin(attackerEmail, "attacker-pass1")).toBe(200);
    },
  );

  test(
    "sign-in: ten wrong passwords, then 429 with Retry-After, the same for an unknown e-mail",
    { tag: "@server" },
    async () => {
      const answers: Array<{
        statuses: number[];
        refusal: string;
        retryAfter: number;
        slowest: number;
      }> = [];
      for (const email of ["resident@example.com", uniqueEmail("nobody")]) {
        const { post } = await visitor(newClient(test.info().project.name));
        const statuses: number[] = [];
        let slowest = 0;
        for (let index = 0; index < 10; index += 1) {
          const started = Date.now();
          const response = await post("/auth", { email, password: `wrong-${index}` });
          if (index === 6) slowest = Date.now() - started;
          statuses.push(response.status());
        }
        const refused = await post("/auth", { email, password: `wrong-last` });
        expectStatus(refused, 429);
        const html = await refused.text();
        // The e-mail stays in the form.
        expect(html).toMatch(
          new RegExp(
            `name="email"[^>]*value="${email.replace(/[.]/g, "\\.")}"|value="${email.replace(/[.]/g, "\\.")}"[^>]*name="email"`,
          ),
        );
        answers.push({
          statuses,
          refusal: formError(html),
          retryAfter: Number(refused.headers()["retry-after"]),
          slowest,
        });
      }
      for (const answer of answers) {
        expect(answer.statuses).toEqual(Array(10).fill(400));
        expect(answer.refusal).toMatch(tooManyLogins);
        expect(answer.retryAfter).toBeGreaterThan(60);
        expect(answer.retryAfter).toBeLessThanOrEqual(900);
        // The 7th failure is held back (600 ms here); the server waits, whatever the machine's speed.
        expect(answer.slowest).toBeGreaterThanOrEqual(550);
      }
      expect(answers[0].refusal).toBe(answers[1].refusal);

      // Refused without asking the backend, even with the right password.
      const { post } = await visitor(newClient(test.info().project.name));
      expectStatus(
        await post("/auth", { email: "resident@example.com", password: "resident12345" }),
        429,
      );
    },
  );

  test(
    "sign-in: one client trying many accounts is refused after 50 failures, whatever the account",
    { tag: "@server" },
    async () => {
      const { post } = await visitor(newClient(test.info().project.name));
      // A different account each time: no account reaches its own limit or delay.
      const statuses: number[] = [];
      for (let index = 0; index < 50; index += 1) {
        statuses.push(
          (
            await post("/auth", { email: uniqueEmail(`spray${index}`), password: "wrong-password" })
          ).status(),
        );
      }
      expect(statuses).toEqual(Array(50).fill(400));
      const refused = await post("/auth", {
        email: uniqueEmail("spray-last"),
        password: "wrong-password",
      });
      expectStatus(refused, 429);
      expect(formError(await refused.text())).toMatch(tooManyLogins);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(60);
      // Another client is not affected.
      const other = await visitor(newClient(test.info().project.name));
      expectStatus(
        await other.post("/auth", { email: "admin@example.com", password: "admin12345" }),
        302,
      );
    },
  );

  test("a successful sign-in clears the account's failures", { tag: "@server" }, async () => {
    const client = newClient(test.info().project.name);
    const email = "admin@example.com";
    // A visitor per try: a signed-in session is sent away from the sign-in page.
    const signIn = async (password: string) =>
      (await visitor(client)).post("/auth", { email, password });
    for (let index = 0; index < 9; index += 1) expectStatus(await signIn(`wrong-${index}`), 400);
    expectStatus(await signIn("admin12345"), 302);
    // Without the reset this would be the 11th try, refused.
    expectStatus(await signIn("wrong-again"), 400);
    expectStatus(await signIn("admin12345"), 302);
  });

  test(
    "code requests are limited per client: registration, reset and resend together",
    { tag: "@server" },
    async () => {
      const client = newClient(test.info().project.name);
      for (let index = 0; index < 10; index += 1) {
        const { post } = await visitor(client);
        const path = index % 2 ? "/auth/reset" : "/auth/registration";
        expectStatus(
          await post(path, { intent: "email", consent: "on", email: uniqueEmail(`ask${index}`) }),
          302,
        );
      }
      for (const path of ["/auth/registration", "/auth/reset"]) {
        const { post } = await visitor(client);
        const refused = await post(path, {
          intent: "email",
          consent: "on",
          email: uniqueEmail("ask-more"),
        });
        expectStatus(refused, 429);
        expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(60);
        expect(formError(await refused.text())).toMatch(tooManyCodeRequests);
      }
      // Another client asks as usual.
      const other = await visitor(newClient(test.info().project.name));
      expectStatus(
        await other.post("/auth/registration", {
          intent: "email",
          consent: "on",
          email: uniqueEmail("ask-other"),
        }),
        302,
      );
    },
  );

  /** A new resident of this stack, signed in as `client` (its own cookie jar): posts to the accounts page. */
  async function signedInResident(client: string, prefix: string) {
    const user = await createResident(prefix, stack.backendUrl);
    const { post } = await visitor(client);
    expectStatus(await post("/auth", user), 302);
    return {
      user,
      attach: (id: string, customer: string) => post("/profile/accounts", { id, customer }),
    };
  }

  test(
    "attach: no such number and a wrong surname answer alike; 40 guesses get 10 answers, then 429",
    { tag: "@server" },
    async () => {
      const { attach } = await signedInResident(newClient(test.info().project.name), "guesser");
      const missing = await attach("1999999999", "Петров");
      const mismatch = await attach("1000000003", "Сидоров");
      expectStatus(missing, 400);
      expectStatus(mismatch, 400);
      const [missingHtml, mismatchHtml] = [await missing.text(), await mismatch.text()];
      expect(formError(missingHtml)).toBe(accountNotFound);
      expect(formError(mismatchHtml)).toBe(accountNotFound);
      // Neither field is singled out: the page does not tell a number that exists.
      for (const html of [missingHtml, mismatchHtml])
        expect(html).not.toMatch(/aria-invalid="true"/);

      // The probe's attack: surnames tried one after another on a real number.
      const statuses: number[] = [];
      let refused: APIResponse | undefined;
      for (let index = 0; index < 38; index += 1) {
        const response = await attach("1000000003", `Фамилия${index}`);
        statuses.push(response.status());
        if (response.status() === 429) refused ??= response;
      }
      expect(statuses).toEqual([...Array(8).fill(400), ...Array(30).fill(429)]);
      expect(Number(refused!.headers()["retry-after"])).toBeGreaterThan(3000);
      expect(Number(refused!.headers()["retry-after"])).toBeLessThanOrEqual(3600);
      expect(formError(await refused!.text())).toMatch(tooManyAttachTries);
      // Refused without asking the backend, even the right surname: nothing attached.
      expectStatus(await attach("1000000003", "Петров"), 429);
    },
  );

  test(
    "attach: a resident's own account attached, and already attached, cost no tries",
    { tag: "@server" },
    async () => {
      const { attach } = await signedInResident(newClient(test.info().project.name), "honest");
      for (let index = 0; index < 9; index += 1)
        expectStatus(await attach("1999999999", "Петров"), 400);
      const done = await attach("1000000003", "Петров");
      expectStatus(done, 302);
      for (let index = 0; index < 3; index += 1)
        expectStatus(await attach("1000000003", "Петров"), 400);
      // The tenth wrong try is still answered: the success and the repeats were given back.
      const tenth = await attach("1999999999", "Петров");
      expectStatus(tenth, 400);
      expect(formError(await tenth.text())).toBe(accountNotFound);
      expectStatus(await attach("1999999999", "Петров"), 429);
    },
  );

  test(
    "attach: one client guessing through many residents is refused after 30 failures",
    { tag: "@server" },
    async () => {
      const client = newClient(test.info().project.name);
      const statuses: number[] = [];
      // Ten failures each: no resident reaches its own limit before the client does.
      for (let resident = 0; resident < 3; resident += 1) {
        const { attach } = await signedInResident(client, `spray-attach${resident}`);
        for (let index = 0; index < 10; index += 1)
          statuses.push((await attach("1000000004", `Фамилия${index}`)).status());
      }
      expect(statuses).toEqual(Array(30).fill(400));
      const fresh = await signedInResident(client, "spray-attach-last");
      const refused = await fresh.attach("1000000004", "Сидорова");
      expectStatus(refused, 429);
      expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(3000);
      expect(formError(await refused.text())).toMatch(tooManyAttachTries);
      // Another client's resident attaches as usual.
      const other = await signedInResident(
        newClient(test.info().project.name),
        "spray-attach-other",
      );
      expectStatus(await other.attach("1000000004", "Сидорова"), 302);
    },
  );

  test("a resident sees the attach refusal in the form, with what was typed kept", async ({
    page,
    jsEnabled,
  }) => {
    const client = newClient(test.info().project.name);
    const user = await createResident("attach-locked", stack.backendUrl);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": client });
    await page.goto(`${stack.portalUrl}/auth?redirectTo=/profile/accounts`);
    await page.getByLabel("Электронная почта").fill(user.email);
    await page.getByLabel("Пароль", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL((url) => url.pathname === "/profile/accounts");
    // Ten wrong tries in this browser's session (its cookies), sent directly.
    for (let index = 0; index < 10; index += 1) {
      const response = await page.request.post(`${stack.portalUrl}/profile/accounts`, {
        form: { id: "1999999999", customer: `Фамилия${index}`, name__confirm: "" },
        headers: { Origin: stack.portalUrl },
        maxRedirects: 0,
      });
      expectStatus(response, 400);
    }
    const form = page.locator("form#attach-account");
    if (jsEnabled)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await form.getByLabel("Номер лицевого счёта").fill("1000000003");
    await form.getByLabel("Фамилия владельца").fill("Петров");
    await form.getByRole("button", { name: "Привязать" }).click();
    await expect(form.locator(".form-error")).toHaveText(tooManyAttachTries);
    await expect(form.getByLabel("Номер лицевого счёта")).toHaveValue("1000000003");
    await expect(form.getByLabel("Фамилия владельца")).toHaveValue("Петров");
    await expect(page.locator(".account-card")).toHaveCount(0);
  });

  test("a resident sees the sign-in refusal in the form, with the e-mail kept", async ({
    page,
  }) => {
    const client = newClient(test.info().project.name);
    const email = uniqueEmail("locked");
    const { post } = await visitor(newClient(test.info().project.name));
    for (let index = 0; index < 10; index += 1)
      expectStatus(await post("/auth", { email, password: `wrong-${index}` }), 400);

    await page.setExtraHTTPHeaders({ "X-Forwarded-For": client });
    await page.goto(`${stack.portalUrl}/auth`);
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByLabel("Пароль", { exact: true }).fill("one-more-try");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.locator("form#login .form-error")).toHaveText(tooManyLogins);
    await expect(page.getByLabel("Электронная почта")).toHaveValue(email);
    await expect(page.getByLabel("Пароль", { exact: true })).toHaveValue("");
  });

  test("a resident whose code's tries are used up is told to ask for a new one", async ({
    page,
    jsEnabled,
  }) => {
    const client = newClient(test.info().project.name);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": client });
    const email = uniqueEmail("used-up");
    registered.add(email);
    await page.goto(`${stack.portalUrl}/auth/registration`);
    await registerEmail(page, email);
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    const code = await latest(email, "register");
    // Five wrong tries in this browser's session (its cookies), sent directly.
    for (const wrong of await wrongCodes(code, 5)) {
      const response = await page.request.post(`${stack.portalUrl}/auth/registration`, {
        form: { intent: "code", code: String(wrong), name__confirm: "" },
        headers: { Origin: stack.portalUrl },
        maxRedirects: 0,
      });
      expectStatus(response, 400);
    }
    await page.reload();
    const form = page.locator("form#register-code");
    await expect(form.locator(".form-error")).toContainText(codeUsedUp);
    if (jsEnabled) {
      await page.getByLabel("Код из письма, 4 цифры").pressSequentially(String(code));
    } else {
      await page.getByLabel("Код из письма").fill(String(code));
      await page.getByRole("button", { name: "Далее" }).click();
    }
    // Still the code step, still the same explanation, and the way out: a new code.
    await expect(form.locator(".form-error")).toContainText(codeUsedUp);
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    // Without JavaScript the countdown shows the time as it was: open the page again once it has run out.
    const resend = page.getByRole("button", { name: "Отправить код повторно" });
    if (jsEnabled) await expect(resend).toBeVisible({ timeout: 10_000 });
    else {
      await expect(async () => {
        await page.goto(`${stack.portalUrl}/auth/registration`);
        await expect(resend).toBeVisible({ timeout: 500 });
      }).toPass({ timeout: 15_000 });
    }
    await expect(form.locator(".form-error")).toContainText(codeUsedUp);
  });
});

test.describe("without a trusted proxy", () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack({ portalEnv: { LIMIT_CODE_REQUESTS_PER_CLIENT: "2" } });
  });
  test.afterAll(async () => stack?.stop());

  test(
    "a forged X-Forwarded-For gives no fresh quota",
    { tag: "@server" },
    async ({ playwright }) => {
      const answers: number[] = [];
      for (const forged of ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"]) {
        const context = await playwright.request.newContext({
          extraHTTPHeaders: { Origin: stack.portalUrl, "X-Forwarded-For": forged },
        });
        const response = await context.post(`${stack.portalUrl}/auth/registration`, {
          form: { intent: "email", consent: "on", email: uniqueEmail("forged"), name__confirm: "" },
          maxRedirects: 0,
        });
        answers.push(response.status());
        await context.dispose();
      }
      expect(answers).toEqual([302, 302, 429, 429]);
    },
  );
});
