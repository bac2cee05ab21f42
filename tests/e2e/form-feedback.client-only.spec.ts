/**
 * Form feedback that exists only with JavaScript: live
 * validation behaves the same in every form, and the code slots send four
 * digits however they arrive. Runs in the JavaScript project only (the
 * js-off project ignores *client-only.spec.ts); the rest of the feedback rule
 * is in form-feedback.spec.ts.
 */
import type { Locator, Page } from "@playwright/test";

import {
  admin,
  createResident,
  expect,
  hydrated,
  latestCode,
  registerEmail,
  signIn,
  signInByForm,
  test,
  uniqueEmail,
} from "./fixtures";

/**
 * The resident's sequence from the issue: a bad value and the form's button
 * show the message; typing the fix clears it; breaking the field again and
 * leaving it brings the message back, without pressing the button again.
 */
async function messageFollowsTyping(
  page: Page,
  field: Locator,
  submit: Locator,
  steps: { bad: string; fix: string; message: string },
) {
  const message = page.getByText(steps.message, { exact: true });
  await field.fill("");
  await field.pressSequentially(steps.bad);
  await submit.click();
  await expect(message).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.press("End");
  await field.pressSequentially(steps.fix);
  await expect(message).toHaveCount(0);
  await expect(field).not.toHaveAttribute("aria-invalid", "true");

  for (let typed = 0; typed < steps.fix.length; typed += 1) await field.press("Backspace");
  await expect(field).toHaveValue(steps.bad);
  await field.press("Tab");
  await expect(message).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(
    new RegExp(steps.message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
}

const badEmail = {
  bad: "bad",
  fix: "@example.com",
  message: "Пожалуйста, укажите корректный формат электронной почты.",
};

test.describe("live validation behaves the same in every form", () => {
  test("sign-in", async ({ page }) => {
    await page.goto("/auth");
    await hydrated(page);
    await messageFollowsTyping(
      page,
      page.getByLabel("Электронная почта"),
      page.getByRole("button", { name: "Войти" }),
      badEmail,
    );
  });

  test("registration, the e-mail step", async ({ page }) => {
    await page.goto("/auth/registration");
    await hydrated(page);
    await messageFollowsTyping(
      page,
      page.getByLabel("Электронная почта"),
      page.getByRole("button", { name: "Далее" }),
      badEmail,
    );
  });

  test("profile data", async ({ page }) => {
    const user = await createResident("live");
    await signIn(page, user, "/profile");
    await hydrated(page);
    const form = page.locator("form#profile-data");
    await messageFollowsTyping(
      page,
      form.getByLabel("Имя", { exact: true }),
      form.getByRole("button", { name: "Сохранить" }),
      {
        bad: "И",
        fix: "ван",
        message: "Минимальное кол-во символов: 2",
      },
    );
  });

  test("attaching an account", async ({ page }) => {
    const user = await createResident("live-attach");
    await signIn(page, user, "/profile/accounts");
    await hydrated(page);
    const form = page.locator("form#attach-account");
    await form.getByLabel("Фамилия владельца").fill("Петров");
    await messageFollowsTyping(
      page,
      form.getByLabel("Номер лицевого счёта"),
      form.getByRole("button", { name: "Привязать" }),
      {
        bad: "12345",
        fix: "67890",
        message: "Номер лицевого счёта — 10 цифр",
      },
    );
  });

  test("an administrator's post", async ({ page }) => {
    await signIn(page, admin, "/posts/create");
    await hydrated(page);
    await page.getByLabel("Текст").fill("Текст, который не проверяется в этом тесте.");
    await messageFollowsTyping(
      page,
      page.getByLabel("Заголовок"),
      page.getByRole("button", { name: "Опубликовать" }),
      {
        bad: "",
        fix: "Заголовок",
        message: "Обязательное поле",
      },
    );
  });

  test("after the server refused the form, messages still follow typing", async ({ page }) => {
    // A wrong password: the server's message, then the e-mail broken and mended.
    const user = await createResident("live-server");
    await page.goto("/auth");
    await hydrated(page);
    const email = page.getByLabel("Электронная почта");
    await email.fill(user.email);
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.locator(".form-error")).toHaveText(
      "Неверный адрес электронной почты или пароль.",
    );
    await email.press("ControlOrMeta+a");
    await email.pressSequentially("bad");
    await email.press("Tab");
    await expect(page.getByText(badEmail.message)).toBeVisible();
    await email.press("End");
    await email.pressSequentially(badEmail.fix);
    await expect(page.getByText(badEmail.message)).toHaveCount(0);

    // An account number the backend does not know: the form's message, then a number too short, then a whole one.
    await signIn(page, user, "/profile/accounts");
    await hydrated(page);
    const form = page.locator("form#attach-account");
    const number = form.getByLabel("Номер лицевого счёта");
    await number.fill("1999999999");
    await form.getByLabel("Фамилия владельца").fill("Петров");
    await form.getByRole("button", { name: "Привязать" }).click();
    await expect(form.locator(".form-error")).toHaveText(
      "Лицевой счёт с таким номером и фамилией не найден. Проверьте номер и фамилию владельца.",
    );
    await number.press("End");
    for (let typed = 0; typed < 5; typed += 1) await number.press("Backspace");
    await expect(form.getByText("Номер лицевого счёта — 10 цифр")).toBeVisible();
    await number.pressSequentially("00003");
    await expect(number).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.locator(".field__errors")).toHaveCount(0);
  });
});

test.describe("the code slots", () => {
  async function toCodeStep(page: Page) {
    const email = uniqueEmail("slots");
    await page.goto("/auth/registration");
    await registerEmail(page, email);
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
    const code = await latestCode(email, "register");
    return { code, wrong: String(Number(code) === 9999 ? 1000 : Number(code) + 1) };
  }

  test("after a wrong code, the right one pasted over it is sent without pressing «Далее»", async ({
    page,
  }) => {
    const { code, wrong } = await toCodeStep(page);
    const slots = page.getByLabel("Код из письма, 4 цифры");
    await slots.pressSequentially(wrong);
    await expect(page.getByText("Неверный или просроченный код.")).toBeVisible();
    await slots.click();
    await slots.press("ControlOrMeta+a");
    // What the browser does on a paste: the clipboard's text replaces the selection.
    await page.keyboard.insertText(code);
    await expect(page.locator('[aria-current="step"]')).toContainText("Заполнение");
  });

  test("a wrong code retyped digit by digit is sent again", async ({ page }) => {
    const { code, wrong } = await toCodeStep(page);
    const slots = page.getByLabel("Код из письма, 4 цифры");
    await slots.pressSequentially(wrong);
    await expect(page.getByText("Неверный или просроченный код.")).toBeVisible();
    await slots.click();
    for (let typed = 0; typed < 4; typed += 1) await slots.press("Backspace");
    await slots.pressSequentially(code);
    await expect(page.locator('[aria-current="step"]')).toContainText("Заполнение");
  });

  test("four digits typed as soon as the code step appears are sent at the fourth", async ({
    page,
  }) => {
    // The slots come with the route's code: no moment when the step is a plain field that never submits.
    for (let run = 0; run < 3; run += 1) {
      const email = uniqueEmail(`slots-at-once-${run}`);
      await page.goto("/auth/registration");
      await hydrated(page);
      await registerEmail(page, email);
      const field = page.getByLabel("Код из письма");
      await field.waitFor();
      await field.pressSequentially(await latestCode(email, "register"));
      await expect(page.locator('[aria-current="step"]')).toContainText("Заполнение");
      await page.context().clearCookies();
    }
  });

  test.describe("before the page is React's", () => {
    // page.route holds or breaks these requests; a worker in control would answer them out of its reach.
    test.use({ serviceWorkers: "block" });
    test("digits typed into the plain field before the page is React's stay when the slots replace it", async ({
      page,
    }) => {
      const email = uniqueEmail("slots-early");
      await page.goto("/auth/registration");
      await registerEmail(page, email);
      // The step's answer (and the cookie that holds the step) arrived: the code is sent before it, so the outbox alone would let the reload race it.
      await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
      const code = await latestCode(email, "register");
      // The route's code held back: the reloaded step stays the server's plain field meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/registration-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // Not waiting for the page's load: its scripts are what is held back.
      await page.reload({ waitUntil: "commit" });
      const plain = page.getByLabel("Код из письма", { exact: true });
      await plain.pressSequentially(code.slice(0, 2));
      release();
      await hydrated(page);
      const slots = page.getByLabel("Код из письма, 4 цифры");
      await expect(slots).toHaveValue(code.slice(0, 2));
      await slots.press("End");
      await slots.pressSequentially(code.slice(2));
      await expect(page.locator('[aria-current="step"]')).toContainText("Заполнение");
    });
  });

  test("after a wrong code the four slots are marked invalid, the message tied to them; the focused slot wears the site's focus ring", async ({
    page,
  }) => {
    const { wrong } = await toCodeStep(page);
    const slots = page.getByLabel("Код из письма, 4 цифры");
    // A colour as the page computes it, for comparing with the slots'.
    const computed = (property: "outlineColor" | "borderTopColor", value: string) =>
      page.evaluate(
        ([property, value]) => {
          const probe = document.createElement("div");
          probe.style.cssText = `outline: 3px solid ${value}; border: 1px solid ${value}`;
          document.body.append(probe);
          const result = getComputedStyle(probe)[property as "outlineColor"];
          probe.remove();
          return result;
        },
        [property, value] as const,
      );
    await expect(slots).toBeFocused();
    const active = page.locator(".otp__slot--active");
    await expect(active).toHaveCount(1);
    expect(
      await active.evaluate((slot) => [
        getComputedStyle(slot).outlineStyle,
        getComputedStyle(slot).outlineWidth,
      ]),
    ).toEqual(["solid", "3px"]);
    expect(await active.evaluate((slot) => getComputedStyle(slot).outlineColor)).toBe(
      await computed("outlineColor", "var(--c-focus)"),
    );

    await slots.pressSequentially(wrong);
    await expect(slots).toHaveAttribute("aria-invalid", "true");
    await expect(slots).toHaveAccessibleDescription("Неверный или просроченный код.");
    const danger = await computed("borderTopColor", "var(--c-danger)");
    const borders = await page
      .locator(".otp__slot")
      .evaluateAll((all) => all.map((slot) => getComputedStyle(slot).borderTopColor));
    expect(borders).toEqual([danger, danger, danger, danger]);
  });

  test("the password reset's code is four slots too, which wait for the new password", async ({
    page,
  }) => {
    const user = await createResident("reset-slots");
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.goto("/auth/reset");
    await page.getByLabel("Электронная почта").fill(user.email);
    await page.getByRole("button", { name: "Получить код" }).click();
    const code = await latestCode(user.email, "reset");
    const slots = page.getByLabel("Код из письма, 4 цифры");
    await page.getByLabel("Новый пароль").fill("third-password");
    await page.getByLabel("Повторите пароль").fill("third-password");
    await slots.pressSequentially(String(Number(code) === 9999 ? 1000 : Number(code) + 1));
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(slots).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(".otp--invalid")).toHaveCount(1);
    // One try, the button's: the fourth digit did not send the form by itself.
    expect(posts.filter((url) => url.includes("/auth/reset")).length).toBe(2);
    await expect(page.getByLabel("Новый пароль")).toHaveValue("third-password");
    await slots.click();
    for (let typed = 0; typed < 4; typed += 1) await slots.press("Backspace");
    await slots.pressSequentially(code);
    await page.getByRole("button", { name: "Сменить пароль" }).click();
    await expect(page).toHaveURL("/profile");
  });

  test("a code that starts with a zero is explained as soon as it is typed", async ({ page }) => {
    await toCodeStep(page);
    await page.getByLabel("Код из письма, 4 цифры").pressSequentially("0123");
    await expect(page.locator(".field__errors")).toHaveText(
      "Код из письма — число от 1000 до 9999: он не начинается с нуля",
    );
    await expect(page.locator('[aria-current="step"]')).toContainText("Подтверждение");
  });
});

test.describe("a toast whose toaster cannot be fetched", () => {
  // page.route breaks sonner's script; a worker in control would answer it out of its reach.
  test.use({ serviceWorkers: "block" });
  test("is said in the page instead", async ({ page }) => {
    // sonner's chunk, known by its content (its file name is the build's).
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes("data-sonner-toaster")) return route.abort("connectionreset");
      return route.fulfill({ response, body });
    });
    // With JavaScript the sign-in is a navigation inside the page: its message is a toast.
    await signInByForm(page);
    await expect(
      page.getByRole("status").filter({ hasText: "Вы вошли в личный кабинет" }),
    ).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });
});
