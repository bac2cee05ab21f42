/**
 * The feedback rule (docs/decisions/012-forms.md), with JavaScript off and on: a form's
 * errors are said in the form, once, never repeated as a toast; toasts (or,
 * on a page loaded whole, the status message the server renders) say what
 * succeeded and what happened outside a form; a new one replaces a stale
 * error. Live validation and the code slots, which exist only with
 * JavaScript, are in form-feedback.client-only.spec.ts.
 *
 * The other items of the issue are covered where their pages are tested:
 * the code's range (3) in auth.spec.ts, the resend clock time and an early
 * resend (5) in resend.spec.ts, a filter's label and kept value (6) in
 * resident.spec.ts, images named by their post's title (7) in admin.spec.ts.
 */
import type { Page } from "@playwright/test";

import {
  createResident,
  enterCode,
  expect,
  latestCode,
  registerEmail,
  resident,
  signIn,
  signInByForm,
  test,
  uniqueEmail,
  unusedCode,
} from "./fixtures";

const count = (haystack: string, text: string) => haystack.split(text).length - 1;

/**
 * How many times the page says this text, in the form, a toast or a status
 * message alike. The error summary a page without JavaScript shows at the top
 * of a form (links to the fields, docs/decisions/012-forms.md) is an index of
 * the messages, not a second message: forms.spec.ts tests it.
 */
async function timesSaid(page: Page, text: string) {
  const summaries = await page.locator(".error-summary").allInnerTexts();
  return count(await page.locator("body").innerText(), text) - count(summaries.join("\n"), text);
}

/** Said exactly once, and still once a moment later (when a toast would have arrived). */
async function expectSaidOnce(page: Page, text: string) {
  await expect.poll(() => timesSaid(page, text)).toBe(1);
  await page.waitForTimeout(1200);
  expect(await timesSaid(page, text), `«${text}» is said once`).toBe(1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

async function toCodeStep(page: Page, email: string) {
  await page.goto("/auth/registration");
  await registerEmail(page, email);
  await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
}

test.describe("a form's errors are said once, in the form", () => {
  test("a wrong code: beside the field, not as a toast", async ({ page, jsEnabled }) => {
    const email = uniqueEmail("said-once");
    await toCodeStep(page, email);
    await latestCode(email, "register"); // sent: the form is on its code step
    await enterCode(page, await unusedCode(), jsEnabled);
    await expect(page.locator(".field__errors")).toHaveText("Неверный или просроченный код.");
    await expectSaidOnce(page, "Неверный или просроченный код.");
  });

  test("an e-mail already registered: beside the field, not as a toast", async ({ page }) => {
    await page.goto("/auth/registration");
    const email = page.getByLabel("Электронная почта");
    await email.fill(resident.email);
    await page.getByLabel("Я даю согласие на обработку моих персональных данных").check();
    await page.getByRole("button", { name: "Далее" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(
      "Пользователь с таким адресом электронной почты уже существует.",
    );
    await expectSaidOnce(page, "Пользователь с таким адресом электронной почты уже существует.");
  });

  test("a wrong code when resetting the password: beside the field, not also as a toast; the passwords kept, or said to be typed again", async ({
    page,
    jsEnabled,
  }) => {
    const user = await createResident("reset-once");
    await page.goto("/auth/reset");
    await page.getByLabel("Электронная почта").fill(user.email);
    await page.getByRole("button", { name: "Получить код" }).click();
    const code = await latestCode(user.email, "reset"); // sent: the form is on its code step
    await page.getByLabel("Код из письма").fill(await unusedCode());
    await page.getByLabel("Новый пароль").fill("second-password");
    await page.getByLabel("Повторите пароль").fill("second-password");
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page.getByLabel("Код из письма")).toHaveAttribute("aria-invalid", "true");
    await expectSaidOnce(page, "Неверный или просроченный код.");
    const again = page.getByText(
      "Новый пароль не сохраняется на странице: введите его ещё раз вместе с кодом.",
    );
    if (jsEnabled) {
      // The passwords typed are still there: only the code is to be corrected.
      await expect(page.getByLabel("Новый пароль")).toHaveValue("second-password");
      await expect(page.getByLabel("Повторите пароль")).toHaveValue("second-password");
      await expect(again).toHaveCount(0);
    } else {
      // The server never sends passwords back: the step says so.
      await expect(page.getByLabel("Новый пароль")).toHaveValue("");
      await expect(again).toBeVisible();
      await expect(page.getByLabel("Код из письма")).toBeFocused();
      await page.getByLabel("Новый пароль").fill("second-password");
      await page.getByLabel("Повторите пароль").fill("second-password");
    }
    await page.getByLabel("Код из письма").fill(code);
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page).toHaveURL("/profile");
  });
});

test.describe("what happens outside a form is said as a toast", () => {
  test("a failed detach is said once; the success that follows replaces it", async ({ page }) => {
    const user = await createResident("stale-toast");
    await signIn(page, user, "/profile/accounts");
    const form = page.locator("form#attach-account");
    const attach = async () => {
      await form.getByLabel("Номер лицевого счёта").fill("1000000004");
      await form.getByLabel("Фамилия владельца").fill("Сидорова");
      await form.getByRole("button", { name: "Привязать" }).click();
    };
    await attach();
    await expect(page.locator(".account-card")).toHaveCount(1);

    // The confirmation page is open while the account is detached elsewhere (another tab).
    await page.goto("/profile/accounts/1000000004/detach");
    const elsewhere = await page.request.post("/profile/accounts/1000000004/detach", {
      maxRedirects: 0,
    });
    expect(elsewhere.status()).toBe(302);
    await page.context().clearCookies({ name: "__toast" });
    await page.getByRole("button", { name: "Да, отвязать" }).click();
    await expect(page).toHaveURL("/profile/accounts");
    const failure = "Этот лицевой счёт не привязан к вашему профилю.";
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: failure })
        .or(page.locator("[data-sonner-toast]").filter({ hasText: failure })),
    ).toHaveCount(1);
    await expect.poll(() => timesSaid(page, failure)).toBe(1);

    // The next toast, a success, replaces the stale error instead of standing beside it.
    await attach();
    const success = "Лицевой счёт 1000000004 привязан";
    await expect(page.getByText(success)).toBeVisible();
    await expect.poll(() => timesSaid(page, success)).toBe(1);
    // At once, not when the error's own four seconds run out.
    await expect.poll(() => timesSaid(page, failure), { timeout: 1500 }).toBe(0);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0, {
      timeout: 1500,
    });
  });

  test("a success is said once, as a status message without JavaScript or a toast with it", async ({
    page,
    jsEnabled,
  }) => {
    await signInByForm(page);
    const said = "Вы вошли в личный кабинет";
    if (jsEnabled)
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: said })).toHaveCount(1);
    else await expect(page.getByRole("status").filter({ hasText: said })).toHaveCount(1);
    await expect.poll(() => timesSaid(page, said)).toBe(1);
    await page.waitForTimeout(1000);
    expect(await timesSaid(page, said)).toBe(1);
  });

  test("a message flashed to a page loaded whole stays where the server put it: nothing below it moves when the page becomes React's", async ({
    page,
  }) => {
    // The sign-in posted, then the page it leads to loaded whole (signIn waits, with JavaScript, until it is React's).
    await signIn(page, resident, "/profile/accounts");
    const said = page.getByRole("status").filter({ hasText: "Вы вошли в личный кабинет" });
    await expect(said).toBeVisible();
    const apply = page.getByRole("button", { name: "Показать" });
    const before = await apply.boundingBox();
    // Until nothing more is fetched: by then a toaster taking the message over would have moved the page up.
    await page.waitForLoadState("networkidle");
    await expect(said).toBeVisible();
    expect(await apply.boundingBox()).toEqual(before);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    // And the button there does what it says.
    await page.getByLabel("Номер начинается с").fill("1000000002");
    await apply.click();
    await expect(page.locator(".account-card")).toHaveCount(1);
  });
});
