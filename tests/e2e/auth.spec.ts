import { startStack } from "../support/stack.js";
import {
  admin,
  createResident,
  enterCode,
  expect,
  expectNoAxeViolations,
  findSessionCookie,
  hydrated,
  latestCode,
  registerEmail,
  resident,
  signIn,
  signInByForm,
  test,
  uniqueEmail,
  unusedCode,
} from "./fixtures";

test.describe("signing in and out", () => {
  test("a refused sign-in stays at /auth, with no ?index in the address", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Электронная почта").fill(uniqueEmail("nobody"));
    await page.getByLabel("Пароль", { exact: true }).fill("not-the-password-1");
    await page.locator("form#login").getByRole("button", { name: "Войти" }).click();
    await expect(page.locator("form#login [role=alert]").first()).toBeVisible();
    await expect(page).toHaveURL("/auth");
  });

  test("a resident signs in, sees a toast and their name, and signs out", async ({ page }) => {
    await signInByForm(page);
    await expect(page).toHaveURL("/profile");
    await expect(page.getByText("Вы вошли в личный кабинет")).toBeVisible();
    const profileButton = page.locator(".profile-menu > summary");
    await expect(profileButton).toContainText("Иван");
    await profileButton.click();
    await expect(page.locator(".profile-menu__email")).toHaveText(resident.email);
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Вы вышли из личного кабинета")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
  });

  test("a wrong password shows the backend's message and keeps the e-mail", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/auth");
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    const submit = page.getByRole("button", { name: "Войти" });
    await submit.click();
    await expect(page.locator(".form-error")).toHaveText(
      "Неверный адрес электронной почты или пароль.",
    );
    // A new page (no JavaScript) starts at the message; with JavaScript the focus stays put.
    await expect(jsEnabled ? submit : page.locator(".form-error")).toBeFocused();
    // Said once, in the form: not repeated as a toast.
    await page.waitForTimeout(1500);
    const said =
      (await page.locator("body").innerText()).split("Неверный адрес электронной почты или пароль.")
        .length - 1;
    expect(said).toBe(1);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page.getByLabel("Электронная почта")).toHaveValue(resident.email);
    await expect(page.getByLabel("Пароль", { exact: true })).toHaveValue("");
  });

  test("a malformed e-mail is refused beside the field", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Электронная почта").fill("not-an-email");
    await page.getByLabel("Пароль", { exact: true }).fill("whatever1");
    // Browser validation would stop the form first; the server's message is what matters.
    await page.locator("form#login").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Войти" }).click();
    const email = page.getByLabel("Электронная почта");
    // Beside the field (without JavaScript the error summary repeats it as a link: forms.spec.ts).
    await expect(
      page
        .locator(".field__errors")
        .getByText("Пожалуйста, укажите корректный формат электронной почты."),
    ).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", /error/);
    await expect(email).toBeFocused();
  });

  test("sign-in returns to the page that asked for it", async ({ page }) => {
    await page.goto("/profile/accounts");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile%2Faccounts/);
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByLabel("Пароль", { exact: true }).fill(resident.password);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page).toHaveURL("/profile/accounts");
  });

  test("a redirect to another site goes home instead", async ({ page }) => {
    await signInByForm(page, resident, "//evil.example/steal");
    await expect(page).toHaveURL("/");
  });

  test("a signed-in resident is sent away from the sign-in pages", async ({ page }) => {
    await signIn(page);
    for (const path of ["/auth", "/auth/registration", "/auth/reset"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/profile");
    }
  });

  test("a password field's corners are the same as the other fields' without JavaScript, and square beside its show button with it", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/auth");
    if (jsEnabled) await hydrated(page);
    const radius = (name: string) =>
      page.getByLabel(name, { exact: true }).evaluate((input) => {
        const style = getComputedStyle(input);
        return {
          right: style.borderTopRightRadius,
          left: style.borderTopLeftRadius,
          bottomRight: style.borderBottomRightRadius,
        };
      });
    const email = await radius("Электронная почта");
    const password = await radius("Пароль");
    expect(email.right).not.toBe("0px");
    if (jsEnabled) {
      await expect(page.getByRole("button", { name: "Показать пароль" })).toBeVisible();
      expect(password).toEqual({ right: "0px", left: email.left, bottomRight: "0px" });
    } else {
      await expect(page.getByRole("button", { name: "Показать пароль" })).toHaveCount(0);
      expect(password).toEqual(email);
    }
  });

  test(
    "the session cookie is httpOnly and SameSite=Lax, and holds no readable token",
    { tag: "@server" },
    async ({ page, context }) => {
      await signIn(page);
      const session = findSessionCookie(await context.cookies());
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe("Lax");
      const html = await page.content();
      expect(html).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/);
      // Encrypted: however a thief decodes the value, no token and no JSON. A JWT is two base64url
      // parts that start with eyJ (`{"`) before its signature; "eyJ" alone turns up in one
      // ciphertext in about two hundred, so the check is for the token's shape.
      const value = decodeURIComponent(session!.value);
      for (const decoded of [
        value,
        ...[value, value.split(".")[0]].map((part) => Buffer.from(part, "base64").toString("utf8")),
      ]) {
        expect(decoded).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/);
        expect(decoded).not.toMatch(/"(access|refresh|sid)"/);
        expect(() => JSON.parse(decoded)).toThrow();
      }
    },
  );

  test("a POST from another site is refused", { tag: "@server" }, async ({ page }) => {
    const response = await page.request.post("/auth", {
      form: { email: resident.email, password: resident.password },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("registration", () => {
  test("the code step: countdown, an early resend refused, Back keeps the e-mail and the consent given", async ({
    page,
    jsEnabled,
  }) => {
    const email = uniqueEmail("reg");
    await page.goto("/auth/registration");
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
    await registerEmail(page, email);

    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    await expect(page.getByText(`Мы отправили код на ${email}`)).toBeVisible();
    // With JavaScript a countdown ticks; without, the clock time when resending becomes possible.
    if (jsEnabled) await expect(page.getByText(/Повторная отправка через [01]:\d\d/)).toBeVisible();
    else await expect(page.getByText(/Отправить код повторно можно в \d\d:\d\d/)).toBeVisible();

    // An early resend is refused by the server with the remaining time.
    const early = await page.request.post("/auth/registration", { form: { intent: "resend" } });
    expect(early.status()).toBe(429);
    expect(await early.text()).toMatch(/Отправить код повторно можно через [01]:\d\d/);

    // Back keeps the e-mail and the consent already given (and recorded): nothing to tick again.
    // Asking again within a minute is throttled by the backend.
    await page.getByRole("button", { name: "Назад" }).click();
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
    await expect(page.getByLabel("Электронная почта")).toHaveValue(email);
    await expect(
      page.getByLabel("Я даю согласие на обработку моих персональных данных"),
    ).toBeChecked();
    await page.getByRole("button", { name: "Далее" }).click();
    await expect(
      page.getByText(/Код уже отправлен. Повторить можно через [01]:\d\d/),
    ).toBeVisible();
  });

  test("a wrong code is refused beside the field", async ({ page, jsEnabled }) => {
    const email = uniqueEmail("wrongcode");
    await page.goto("/auth/registration");
    await registerEmail(page, email);
    await latestCode(email, "register"); // sent: the form is on its code step
    const code = await unusedCode();
    await enterCode(page, code, jsEnabled);
    await expect(page.locator(".field__errors")).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    // What was typed stays, to be corrected rather than typed again.
    const field = page.getByLabel(jsEnabled ? "Код из письма, 4 цифры" : "Код из письма");
    await expect(field).toHaveValue(code);
  });

  test("a code not typed is asked for, and nothing else is said of it", async ({ page }) => {
    await page.goto("/auth/registration");
    await registerEmail(page, uniqueEmail("nocode"));
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    await page.getByRole("button", { name: "Далее" }).click();
    await expect(page.locator(".field__errors")).toHaveText("Введите 4 цифры кода из письма");
  });

  test("a code that starts with a zero is explained as outside 1000–9999", async ({
    page,
    jsEnabled,
  }) => {
    const email = uniqueEmail("zerocode");
    await page.goto("/auth/registration");
    await registerEmail(page, email);
    if (jsEnabled) {
      await page.getByLabel("Код из письма, 4 цифры").pressSequentially("0123");
      await page.getByRole("button", { name: "Далее" }).click();
    } else {
      await page.getByLabel("Код из письма").fill("0000");
      await page.getByRole("button", { name: "Далее" }).click();
    }
    await expect(page.locator(".field__errors")).toHaveText(
      "Код из письма — число от 1000 до 9999: он не начинается с нуля",
    );
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
  });

  test("a resident registers, consenting to the processing of personal data, and lands signed in", async ({
    page,
    jsEnabled,
  }) => {
    const email = uniqueEmail("newcomer");
    await page.goto("/auth/registration");
    // Every step links the documents accepted by registering.
    const documents = page.locator(".auth-documents");
    await expect(
      documents.getByRole("link", { name: /пользовательское соглашение/ }),
    ).toHaveAttribute("href", "/documents/agreement");
    await expect(
      documents.getByRole("link", { name: /политику конфиденциальности/ }),
    ).toHaveAttribute("href", "/documents/privacy");
    await registerEmail(page, email);
    await expect(documents.getByRole("link")).toHaveCount(2);
    const code = await latestCode(email, "register");
    await enterCode(page, code, jsEnabled);
    await expect(page.locator('[aria-current="step"]')).toContainText("Заполнение");
    await expect(documents.getByRole("link")).toHaveCount(2);

    // Client and server rules: too short, mismatched, too short names, a bad phone.
    await page
      .locator("form#register-profile")
      .evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Пароль", { exact: true }).fill("short");
    await page.getByLabel("Повторите пароль").fill("different");
    await page.getByLabel("Фамилия").fill("П");
    await page.getByLabel("Имя", { exact: true }).fill("Пётр");
    await page.getByLabel("Телефон (необязательно)").fill("12345");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    const besideFields = page.locator(".field__errors");
    // The hint already says how long: the message does not repeat it.
    await expect(besideFields.getByText("Пароль слишком короткий")).toBeVisible();
    await expect(page.getByText("Не меньше 8 символов")).toHaveCount(1);
    await expect(page.getByText(/символов: 8/)).toHaveCount(0);
    await expect(besideFields.getByText("Пароли не совпадают")).toBeVisible();
    await expect(besideFields.getByText("Минимальное кол-во символов: 2")).toBeVisible();
    await expect(besideFields.getByText("Номер должен состоять из 11 цифр")).toBeVisible();
    await expect(page.getByLabel("Имя", { exact: true })).toHaveValue("Пётр");

    await page.getByLabel("Пароль", { exact: true }).fill("new-password-1");
    await page.getByLabel("Повторите пароль").fill("new-password-1");
    await page.getByLabel("Фамилия").fill("Новиков");
    await page.getByLabel("Телефон (необязательно)").fill("+7 914 000-11-22");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    // Signed in with the password just typed: no second typing of the e-mail and the password.
    await expect(page).toHaveURL("/profile");
    await expect(page.getByText("Регистрация завершена. Вы вошли в личный кабинет.")).toBeVisible();
    await expect(page.getByLabel("Фамилия")).toHaveValue("Новиков");
  });

  test("without the consent the e-mail is not sent: the server refuses, says why beside the box, keeps the e-mail", async ({
    page,
    jsEnabled,
  }) => {
    const email = uniqueEmail("noconsent");
    await page.goto("/auth/registration");
    const form = page.locator("form#register-email");
    if (jsEnabled) await hydrated(page);
    // Required, and said so, but left to the form's own check: its message in the page's language, not the browser's bubble.
    const consent = page.getByLabel("Я даю согласие на обработку моих персональных данных");
    await expect(consent).toHaveAttribute("aria-required", "true");
    await page.getByLabel("Электронная почта").fill(email);
    await form.getByRole("button", { name: "Далее" }).click();

    await expect(consent).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await consent.getAttribute("aria-describedby"))!.split(" ");
    const said = page.locator(`[id="${describedBy.at(-1)}"]`);
    await expect(said).toHaveText(
      "Без согласия на обработку персональных данных зарегистрироваться нельзя",
    );
    // The consent's text is one link away, tied to the box too.
    const textLink = page.locator(`[id="${describedBy[0]}"]`).getByRole("link");
    await expect(textLink).toHaveAttribute("href", "/documents/consent");
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
    await expect(page.getByLabel("Электронная почта")).toHaveValue(email);
    // axe runs inside the page: with JavaScript.
    if (jsEnabled) await expectNoAxeViolations(page, "the e-mail step refused for want of consent");
    // Nothing was sent to the address.
    const sent = (await (
      await fetch(`${process.env.E2E_BACKEND_URL}/__outbox/?email=${encodeURIComponent(email)}`)
    ).json()) as unknown[];
    expect(sent).toEqual([]);
    // The server checks it too, whatever the browser does.
    const forged = await page.request.post("/auth/registration", {
      form: { intent: "email", email, name__confirm: "" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain(
      "Без согласия на обработку персональных данных зарегистрироваться нельзя",
    );

    await consent.check();
    await form.getByRole("button", { name: "Далее" }).click();
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    await latestCode(email, "register");
  });

  test("an e-mail already registered is refused beside the field", async ({ page }) => {
    await page.goto("/auth/registration");
    await registerEmail(page, resident.email);
    await expect(page.locator(".field__errors")).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
  });
});

test.describe("the record of a consent", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Awaited<ReturnType<typeof startStack>>;
  const logLines: string[] = [];
  test.beforeAll(async () => {
    // At warn, as a quiet production might run: the consent's record is written all the same.
    stack = await startStack({
      portalEnv: { LOG_LEVEL: "warn" },
      onPortalLog: (line) => logLines.push(line),
    });
  });
  test.afterAll(async () => stack?.stop());

  test("names the e-mail, the time, the text's edition, the client's address and the request", async ({
    page,
    jsEnabled,
  }) => {
    const requestIds = new Set<string>();
    page.on("response", (response) => {
      const id = response.headers()["x-request-id"];
      if (id) requestIds.add(id);
    });
    const email = uniqueEmail("consent-log");
    const before = Date.now();
    await page.goto(`${stack.portalUrl}/auth/registration`);
    const consentRecords = () =>
      logLines
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.event === "personal-data-consent" && entry.email === email);
    await registerEmail(page, email);
    // Given on the first step: recorded by the time the code is sent, before any other data.
    const code = await latestCode(email, "register", stack.backendUrl);
    await expect.poll(() => consentRecords().length).toBe(1);
    await enterCode(page, code, jsEnabled);
    await page.getByLabel("Пароль", { exact: true }).fill("new-password-1");
    await page.getByLabel("Повторите пароль").fill("new-password-1");
    await page.getByLabel("Фамилия").fill("Записева");
    await page.getByLabel("Имя", { exact: true }).fill("Анна");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page).toHaveURL(`${stack.portalUrl}/profile`);

    const records = consentRecords();
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      level: "info",
      msg: "personal data consent",
      document: "/documents/consent",
    });
    expect(record!.clientAddress).toMatch(/127\.0\.0\.1$/);
    expect(
      requestIds.has(record!.requestId as string),
      "the request id of one of the page's answers",
    ).toBe(true);
    const at = Date.parse(record!.consentedAt as string);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    // The edition the page shows is the one recorded.
    expect(record!.documentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.goto(`${stack.portalUrl}/documents/consent`);
    const [year, month, day] = (record!.documentVersion as string).split("-").map(Number);
    const shown = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("ru-RU", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(page.getByText(`Редакция от ${shown}`)).toBeVisible();
  });
});

test.describe("password reset", () => {
  test("a code and a new password, and the resident is signed in with it", async ({
    page,
    request,
  }) => {
    // A fresh user, so the demo resident's password stays as it is for other tests.
    const email = uniqueEmail("reset");
    const signUp = await fetch(
      `${process.env.E2E_BACKEND_URL}/api/v1/client/users/register_email/`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email }),
      },
    );
    expect(signUp.status).toBe(200);
    const registrationCode = Number(await latestCode(email, "register"));
    const profile = await fetch(
      `${process.env.E2E_BACKEND_URL}/api/v1/client/users/register_profile/`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          code: registrationCode,
          password: "first-password",
          password_confirmation: "first-password",
          first_name: "Ольга",
          last_name: "Смирнова",
        }),
      },
    );
    expect(profile.status).toBe(201);
    void request;

    await page.goto("/auth/reset");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByRole("button", { name: "Получить код" }).click();
    const code = await latestCode(email, "reset");
    await page.getByLabel("Код из письма").fill(code);
    await page.getByLabel("Новый пароль").fill("second-password");
    await page.getByLabel("Повторите пароль").fill("second-password");
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page).toHaveURL("/profile");
    await expect(page.getByText("Пароль изменён. Вы вошли в личный кабинет.")).toBeVisible();
    await expect(page.getByLabel("Фамилия")).toHaveValue("Смирнова");
  });

  test("when the backend will not sign the resident in, /auth has the e-mail filled in", async ({
    page,
  }) => {
    const backend = `${process.env.E2E_BACKEND_URL}/api/v1`;
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${backend}/${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const { email } = await createResident("reset-inactive");
    await page.goto("/auth/reset");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByRole("button", { name: "Получить код" }).click();
    const code = await latestCode(email, "reset");
    // Meanwhile an administrator deactivates the account: the reset goes through, signing in does not.
    const { access } = (await (await post("client/users/login/", admin)).json()) as {
      access: string;
    };
    const users = (await (
      await fetch(`${backend}/admin/users/?email__icontains=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${access}` },
      })
    ).json()) as {
      results: Array<{ id: number }>;
    };
    const patched = await fetch(`${backend}/admin/users/${users.results[0]!.id}/`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access}` },
      body: JSON.stringify({ is_active: false }),
    });
    expect(patched.status).toBe(200);

    await page.getByLabel("Код из письма").fill(code);
    await page.getByLabel("Новый пароль").fill("second-password");
    await page.getByLabel("Повторите пароль").fill("second-password");
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByText("Пароль изменён. Войдите с новым паролем.")).toBeVisible();
    await expect(page.getByLabel("Электронная почта")).toHaveValue(email);
    await expect(page.getByLabel("Пароль", { exact: true })).toBeFocused();
  });
});
