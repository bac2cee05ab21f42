import { expect, findSessionCookie, latestCode, resident, signIn, test, uniqueEmail, enterCode, unusedCode } from "./fixtures";

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
    await signIn(page);
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

  test("a wrong password shows the backend's message and keeps the e-mail", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.locator(".form-error")).toHaveText("Неверный адрес электронной почты или пароль.");
    // Said once, in the form: not repeated as a toast.
    await page.waitForTimeout(1500);
    const said = (await page.locator("body").innerText()).split("Неверный адрес электронной почты или пароль.").length - 1;
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
    await expect(page.locator(".field__errors").getByText("Пожалуйста, укажите корректный формат электронной почты.")).toBeVisible();
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
    await signIn(page, resident, "//evil.example/steal");
    await expect(page).toHaveURL("/");
  });

  test("a signed-in resident is sent away from the sign-in pages", async ({ page }) => {
    await signIn(page);
    for (const path of ["/auth", "/auth/registration", "/auth/reset"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/profile");
    }
  });

  test("the session cookie is httpOnly and SameSite=Lax, and holds no readable token", async ({ page, context }) => {
    await signIn(page);
    const session = findSessionCookie(await context.cookies());
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    const html = await page.content();
    expect(html).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+/);
    // Encrypted: however a thief decodes the value, no token (a JWT starts with eyJ) and no JSON.
    const value = decodeURIComponent(session!.value);
    for (const decoded of [value, ...[value, value.split(".")[0]].map((part) => Buffer.from(part, "base64").toString("utf8"))]) {
      expect(decoded).not.toContain("eyJ");
      expect(decoded).not.toMatch(/"(access|refresh|sid)"/);
      expect(() => JSON.parse(decoded)).toThrow();
    }
  });

  test("a POST from another site is refused", async ({ page }) => {
    const response = await page.request.post("/auth", {
      form: { email: resident.email, password: resident.password },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test.describe("registration", () => {
  test("the code step: countdown, an early resend refused, Back keeps the e-mail", async ({ page, jsEnabled }) => {
    const email = uniqueEmail("reg");
    await page.goto("/auth/registration");
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByRole("button", { name: "Далее" }).click();

    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    await expect(page.getByText(`Мы отправили код на ${email}`)).toBeVisible();
    // With JavaScript a countdown ticks; without, the clock time when resending becomes possible.
    if (jsEnabled) await expect(page.getByText(/Повторная отправка через [01]:\d\d/)).toBeVisible();
    else await expect(page.getByText(/Отправить код повторно можно в \d\d:\d\d/)).toBeVisible();

    // An early resend is refused by the server with the remaining time.
    const early = await page.request.post("/auth/registration", { form: { intent: "resend" } });
    expect(early.status()).toBe(429);
    expect(await early.text()).toMatch(/Отправить код повторно можно через [01]:\d\d/);

    // Back keeps the e-mail; asking again within a minute is throttled by the backend.
    await page.getByRole("button", { name: "Назад" }).click();
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
    await expect(page.getByLabel("Электронная почта")).toHaveValue(email);
    await page.getByRole("button", { name: "Далее" }).click();
    await expect(page.getByText(/Код уже отправлен. Повторить можно через [01]:\d\d/)).toBeVisible();
  });

  test("a wrong code is refused beside the field", async ({ page, jsEnabled }) => {
    const email = uniqueEmail("wrongcode");
    await page.goto("/auth/registration");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByRole("button", { name: "Далее" }).click();
    await latestCode(email, "register"); // sent: the form is on its code step
    await enterCode(page, await unusedCode(), jsEnabled);
    await expect(page.locator(".field__errors")).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
  });

  test("a code that starts with a zero is explained as outside 1000–9999", async ({ page, jsEnabled }) => {
    const email = uniqueEmail("zerocode");
    await page.goto("/auth/registration");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByRole("button", { name: "Далее" }).click();
    if (jsEnabled) {
      await page.getByLabel("Код из письма, 4 цифры").pressSequentially("0123");
      await page.getByRole("button", { name: "Далее" }).click();
    } else {
      await page.getByLabel("Код из письма").fill("0000");
      await page.getByRole("button", { name: "Далее" }).click();
    }
    await expect(page.locator(".field__errors")).toHaveText("Код из письма — число от 1000 до 9999: он не начинается с нуля");
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
  });

  test("a resident registers and then signs in", async ({ page, jsEnabled }) => {
    const email = uniqueEmail("newcomer");
    await page.goto("/auth/registration");
    await page.getByLabel("Электронная почта").fill(email);
    await page.getByRole("button", { name: "Далее" }).click();
    const code = await latestCode(email, "register");
    await enterCode(page, code, jsEnabled);
    await expect(page.locator('[aria-current="step"]')).toContainText("Заполнение");

    // Client and server rules: too short, mismatched, too short names, a bad phone.
    await page.locator("form#register-profile").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("Пароль", { exact: true }).fill("short");
    await page.getByLabel("Повторите пароль").fill("different");
    await page.getByLabel("Фамилия").fill("П");
    await page.getByLabel("Имя", { exact: true }).fill("Пётр");
    await page.getByLabel("Телефон (необязательно)").fill("12345");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    const besideFields = page.locator(".field__errors");
    await expect(besideFields.getByText("Минимальное кол-во символов: 8")).toBeVisible();
    await expect(besideFields.getByText("Пароли не совпадают")).toBeVisible();
    await expect(besideFields.getByText("Минимальное кол-во символов: 2")).toBeVisible();
    await expect(besideFields.getByText("Номер должен состоять из 11 цифр")).toBeVisible();
    await expect(page.getByLabel("Имя", { exact: true })).toHaveValue("Пётр");

    await page.getByLabel("Пароль", { exact: true }).fill("new-password-1");
    await page.getByLabel("Повторите пароль").fill("new-password-1");
    await page.getByLabel("Фамилия").fill("Новиков");
    await page.getByLabel("Телефон (необязательно)").fill("+7 914 000-11-22");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByText("Регистрация завершена. Войдите с новым паролем.")).toBeVisible();
    await signIn(page, { email, password: "new-password-1" });
    await expect(page).toHaveURL("/profile");
  });

  test("an e-mail already registered is refused beside the field", async ({ page }) => {
    await page.goto("/auth/registration");
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByRole("button", { name: "Далее" }).click();
    await expect(page.locator(".field__errors")).toBeVisible();
    await expect(page.locator('[aria-current="step"]')).toContainText("Почта");
  });
});

test.describe("password reset", () => {
  test("a code and a new password, then sign in with it", async ({ page, request }) => {
    // A fresh user, so the demo resident's password stays as it is for other tests.
    const email = uniqueEmail("reset");
    const signUp = await fetch(`${process.env.E2E_BACKEND_URL}/api/v1/client/users/register_email/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    expect(signUp.status).toBe(200);
    const registrationCode = Number(await latestCode(email, "register"));
    const profile = await fetch(`${process.env.E2E_BACKEND_URL}/api/v1/client/users/register_profile/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: registrationCode, password: "first-password", password_confirmation: "first-password", first_name: "Ольга", last_name: "Смирнова" }),
    });
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
    await expect(page).toHaveURL("/auth");
    await expect(page.getByText("Пароль изменён. Войдите с новым паролем.")).toBeVisible();
    await signIn(page, { email, password: "second-password" });
    await expect(page).toHaveURL("/profile");
  });
});
