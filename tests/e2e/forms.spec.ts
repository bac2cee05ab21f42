/**
 * The feedback rule (docs/decisions/012-forms.md): field errors beside their
 * fields; without JavaScript also in an error summary at the top of the form
 * whose links lead to the fields; form errors inside the form, once.
 */
import type { Locator, Page } from "@playwright/test";

import {
  enterCode,
  expect,
  hydrated,
  latestCode,
  registerEmail,
  resident,
  test,
  uniqueEmail,
} from "./fixtures";

const summaryOf = (form: Locator) => form.locator(".error-summary");

/** The error text the page shows beside a field (its aria-describedby list). */
async function errorBeside(page: Page, field: Locator) {
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  const id = describedBy.split(" ").find((part) => /error/.test(part));
  expect(id, "the field names its error").toBeTruthy();
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

test.describe("the feedback rule", () => {
  test("field errors beside the fields; without JavaScript also a summary at the top linking to each", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/auth");
    const form = page.locator("form#login");
    const email = page.getByLabel("Электронная почта");
    const password = page.getByLabel("Пароль", { exact: true });
    await email.fill("not-an-email");
    await password.fill("x");
    await password.fill("");
    if (jsEnabled) await hydrated(page);
    // Browser validation would stop the form first; the portal's own answer is what is tested.
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Войти" }).click();

    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    const emailError = await errorBeside(page, email);
    const passwordError = await errorBeside(page, password);
    expect(emailError).toContain("корректный формат");

    const summary = summaryOf(form);
    if (!jsEnabled) {
      await expect(summary).toBeVisible();
      await expect(summary).toHaveAttribute("role", "alert");
      await expect(summary.getByRole("heading", { name: "Исправьте ошибки" })).toBeVisible();
      // At the top of the form: before every field.
      expect(
        await form.evaluate(
          (element) =>
            element.querySelector(".error-summary, input:not([type=hidden]):not([tabindex='-1'])")
              ?.className,
        ),
      ).toBe("error-summary");
      const links = summary.getByRole("link");
      await expect(links).toHaveCount(2);
      // Each item names its field by the field's label.
      await expect(links.nth(0)).toHaveText(`Электронная почта: ${emailError}`);
      await expect(links.nth(0)).toHaveAttribute("href", `#${await email.getAttribute("id")}`);
      await expect(links.nth(1)).toHaveText(`Пароль: ${passwordError}`);
      await expect(links.nth(1)).toHaveAttribute("href", `#${await password.getAttribute("id")}`);
      // A link leads to its field.
      await links.nth(1).click();
      await expect(page).toHaveURL(new RegExp(`#${await password.getAttribute("id")}$`));
      expect(await password.evaluate((input) => input.matches(":target"))).toBe(true);
    } else {
      // Once the form is React's, errors live beside the fields and the focus goes to the first.
      await expect(summary).toHaveCount(0);
      await expect(email).toBeFocused();
    }
  });

  test("the backend's refusal of a field is shown beside it (and in the summary without JavaScript)", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/auth/registration");
    const form = page.locator("form#register-email");
    const email = page.getByLabel("Электронная почта");
    await email.fill(resident.email);
    await page.getByLabel("Я даю согласие на обработку моих персональных данных").check();
    if (jsEnabled) await hydrated(page);
    await page.getByRole("button", { name: "Далее" }).click();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const message = await errorBeside(page, email);
    expect(message.length).toBeGreaterThan(0);
    if (!jsEnabled) {
      await expect(
        summaryOf(form).getByRole("link", { name: `Электронная почта: ${message}` }),
      ).toHaveAttribute("href", `#${await email.getAttribute("id")}`);
    } else {
      await expect(summaryOf(form)).toHaveCount(0);
      // Said once: no toast repeats it.
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    }
  });

  test("the summary tells same messages apart by their fields' labels, and each link focuses its field", async ({
    page,
    jsEnabled,
  }) => {
    const email = uniqueEmail("summary-labels");
    await page.goto("/auth/registration");
    await registerEmail(page, email);
    const code = await latestCode(email, "register");
    await enterCode(page, code, jsEnabled);
    const form = page.locator("form#register-profile");
    await expect(form).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    // The four text fields left: one message, four labels.
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();

    const required = "Обязательное поле";
    const invalid = [
      ["Пароль", page.getByLabel("Пароль", { exact: true })],
      ["Повторите пароль", page.getByLabel("Повторите пароль")],
      ["Фамилия", page.getByLabel("Фамилия")],
      ["Имя", page.getByLabel("Имя", { exact: true })],
    ] as const;
    for (const [, field] of invalid) {
      await expect(field).toHaveAttribute("aria-invalid", "true");
      // Beside the field, the message alone.
      expect(await errorBeside(page, field)).toBe(required);
    }
    const summary = summaryOf(form);
    if (!jsEnabled) {
      // In the summary, each named by its label: four links a resident tells apart.
      await expect(summary.getByRole("link")).toHaveText(
        invalid.map(([label]) => `${label}: ${required}`),
      );
      for (const [label, field] of invalid) {
        await expect(
          summary.getByRole("link", { name: `${label}: ${required}`, exact: true }),
        ).toHaveAttribute("href", `#${await field.getAttribute("id")}`);
      }
      // A link leads to its field and gives it the focus.
      await summary.getByRole("link", { name: `Фамилия: ${required}` }).click();
      await expect(invalid[2][1]).toBeFocused();
    } else {
      await expect(summary).toHaveCount(0);
      await expect(invalid[0][1]).toBeFocused();
    }
  });

  test("a form's own error is inside the form, said once, with no summary", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Электронная почта").fill(resident.email);
    await page.getByLabel("Пароль", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Войти" }).click();
    const form = page.locator("form#login");
    await expect(form.locator(".form-error")).toHaveText(
      "Неверный адрес электронной почты или пароль.",
    );
    await expect(summaryOf(form)).toHaveCount(0);
    const said =
      (await page.locator("body").innerText()).split("Неверный адрес электронной почты или пароль.")
        .length - 1;
    expect(said).toBe(1);
  });
});
