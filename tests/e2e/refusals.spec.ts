/**
 * The backend's refusals in English: the stand-in writes its
 * `detail`s in Russian; with English chosen, every form says the portal's own
 * text for the contract's `code`, beside the field it names or inside the
 * form, and nothing Cyrillic reaches the form. Russian keeps the backend's
 * words (auth.spec.ts and the others check those).
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";

import {
  admin,
  createResident,
  expect,
  hydrated,
  latestCode,
  resident,
  test,
  uniqueEmail,
  unusedCode,
} from "./fixtures";

const cyrillic = /[А-Яа-яЁё]/;

/** The language cookie as the switch writes it (React Router cookies are base64 JSON). */
async function chooseEnglish(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: "lng", value: Buffer.from(JSON.stringify("en")).toString("base64"), url: baseURL! },
  ]);
}

async function signInEnglish(
  page: Page,
  who: { email: string; password: string },
  redirectTo: string,
) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await expect(page.locator("form#login")).toHaveCount(0);
}

/** The form's text is English: the given refusal, no backend Russian. */
async function expectEnglish(form: Locator, text: string) {
  await expect(form.getByText(text, { exact: true }).first()).toBeVisible();
  expect(await form.innerText()).not.toMatch(cyrillic);
}

test.beforeEach(async ({ context, baseURL }) => chooseEnglish(context, baseURL));

test("sign-in: a wrong password is said in English, in the form", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByLabel("Email").fill(resident.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form#login .form-error")).toHaveText(
    "Wrong email address or password.",
  );
  await expectEnglish(page.locator("form#login"), "Wrong email address or password.");
});

test("registration: a taken e-mail, then a wrong code, beside their fields", async ({
  page,
  jsEnabled,
}) => {
  await page.goto("/auth/registration");
  await page.getByLabel("Email").fill(resident.email);
  await page.getByLabel("I consent to the processing of my personal data").check();
  await page.getByRole("button", { name: "Next" }).click();
  const emailStep = page.locator("form").filter({ has: page.getByLabel("Email") });
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expectEnglish(
    emailStep.locator(".field__errors"),
    "An account with this email address already exists.",
  );
  if (!jsEnabled)
    await expect(page.locator(".error-summary")).toContainText(
      "Email: An account with this email address already exists.",
    );

  const email = uniqueEmail("en-code");
  await page.getByLabel("Email").fill(email);
  await expect(page.getByLabel("I consent to the processing of my personal data")).toBeChecked();
  await page.getByRole("button", { name: "Next" }).click();
  await latestCode(email, "register"); // sent: the form is on its code step
  const code = await unusedCode();
  if (jsEnabled) {
    await page.getByLabel("Code from the email, 4 digits").pressSequentially(code);
  } else {
    await page.getByLabel("Code from the email").fill(code);
    await page.getByRole("button", { name: "Next" }).click();
  }
  await expectEnglish(page.locator(".field__errors"), "The code is wrong or has expired.");
});

test("password reset: a wrong code beside its field", async ({ page }) => {
  await page.goto("/auth/reset");
  await page.getByLabel("Email").fill(uniqueEmail("en-reset"));
  await page.getByRole("button", { name: "Get code" }).click();
  await page.getByLabel("Code from the email").fill(await unusedCode());
  await page.getByLabel("New password").fill("second-password");
  await page.getByLabel("Confirm password").fill("second-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expectEnglish(page.locator(".field__errors"), "The code is wrong or has expired.");
});

test("profile: a wrong current password beside its field", async ({ page }) => {
  const user = await createResident("en-password");
  await signInEnglish(page, user, "/profile");
  const form = page.locator("form").filter({ has: page.getByLabel("Current password") });
  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("New password").fill("another-password-1");
  await form.getByLabel("Confirm password").fill("another-password-1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expectEnglish(
    page.locator("form").filter({ has: page.getByLabel("Current password") }),
    "The current password is wrong. Please enter it again.",
  );
});

test("accounts: no such account, then one already linked, then unlinking one not linked", async ({
  page,
  jsEnabled,
}) => {
  const user = await createResident("en-attach");
  await signInEnglish(page, user, "/profile/accounts");
  const form = page.locator("form#attach-account");
  const number = form.getByLabel("Personal account number");
  const surname = form.getByLabel("Holder's last name");
  await number.fill("1999999999");
  await surname.fill("Petrov");
  await form.getByRole("button", { name: "Link" }).click();
  await expectEnglish(
    form,
    "No personal account with this number and last name was found. Check the number and the holder's last name.",
  );

  for (const expected of [
    "Personal account 1000000003 linked",
    "This personal account is already linked to your profile.",
  ]) {
    await number.fill("1000000003");
    await surname.fill("Петров");
    await form.getByRole("button", { name: "Link" }).click();
    await expect(page.getByText(expected).first()).toBeVisible();
  }
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator(".field__errors")).toHaveText(
    "This personal account is already linked to your profile.",
  );

  // Unlinking one that is not linked (a stale page): the toast is English.
  if (jsEnabled) await hydrated(page);
  const answer = await page.request.post("/profile/accounts/1000000004/detach", {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await page.goto("/profile/accounts");
  await expect(page.locator(".inline-toast, [data-sonner-toast]").first()).toHaveText(
    /This personal account is not linked to your profile\./,
  );
});

test("administrators: a taken e-mail beside its field, deleting oneself refused in a toast", async ({
  page,
  jsEnabled,
}) => {
  await signInEnglish(page, admin, "/admin/users/new");
  await page.getByLabel("Email", { exact: true }).fill(resident.email);
  await page.getByLabel("Password", { exact: true }).fill("staff-password-1");
  await page.getByLabel("Last name").fill("Duplicate");
  await page.getByLabel("First name").fill("Dennis");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectEnglish(
    page.locator("main form").last(),
    "An account with this email address already exists.",
  );

  await page.goto(`/admin/users?email=${encodeURIComponent(admin.email)}`);
  const href = await page.getByRole("link", { name: `Edit ${admin.email}` }).getAttribute("href");
  const id = href!.split("/")[3];
  // The portal refuses before the backend is asked: its own page, then its own toast for a forced try.
  await page.goto(`/admin/users/${id}/delete`);
  await expect(
    page.getByRole("heading", { name: "You cannot delete your own account" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, delete" })).toHaveCount(0);
  if (jsEnabled) await hydrated(page);
  const answer = await page.request.post(`/admin/users/${id}/delete`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  await page.goto("/admin/users");
  await expect(page.locator(".inline-toast, [data-sonner-toast]").first()).toHaveText(
    /You cannot delete your own account: ask another administrator\./,
  );
});
