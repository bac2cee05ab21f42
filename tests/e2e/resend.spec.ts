/**
 * Resending a code once the countdown has run out. The stand-in and the
 * portal are started with a 2-second throttle so the test need not wait a
 * minute; the behaviour is the same as with 60 seconds.
 */
import { startStack } from "../support/stack.js";
import { expect, registerEmail, test, uniqueEmail } from "./fixtures";

type Stack = Awaited<ReturnType<typeof startStack>>;

test.describe("resending a code", () => {
  test.describe.configure({ mode: "serial" });
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack({
      backendEnv: { BACKEND_CODE_THROTTLE_SECONDS: "2" },
      portalEnv: { RESEND_COOLDOWN_SECONDS: "2" },
    });
  });
  test.afterAll(async () => stack?.stop());

  async function codes(email: string) {
    const response = await fetch(
      `${stack.backendUrl}/__outbox/?email=${encodeURIComponent(email)}`,
    );
    return (await response.json()) as Array<{ code: number; purpose: string }>;
  }

  test("at 0:00 the resend control sends a new code and restarts the countdown", async ({
    page,
    jsEnabled,
  }) => {
    const email = uniqueEmail("resend");
    await page.goto(`${stack.portalUrl}/auth/registration`);
    await registerEmail(page, email);
    const resend = page.getByRole("button", { name: "Отправить код повторно" });
    if (jsEnabled) {
      // A countdown that ticks; the button comes at 0:00.
      await expect(page.getByText(/Повторная отправка через 0:0[12]/)).toBeVisible();
      await expect(resend).toHaveCount(0);
    } else {
      // No countdown that never moves and no button that is only refused: the clock time, said once,
      // and a link that opens the page again, which offers the button once the time has come.
      await expect(page.locator(".resend")).toHaveText(
        /^Отправить код повторно можно в \d\d:\d\d\. Обновите страницу в это время$/,
      );
      await expect(resend).toHaveCount(0);
      await expect(page.getByText(/через 0:/)).toHaveCount(0);
    }

    await page.waitForTimeout(2300);
    if (!jsEnabled) await page.getByRole("link", { name: "Обновите страницу в это время" }).click();
    await resend.click();
    await expect(page.getByText(`Новый код отправлен на ${email}`)).toBeVisible();
    if (jsEnabled) await expect(page.getByText(/Повторная отправка через 0:0[12]/)).toBeVisible();
    else await expect(page.getByText(/Отправить код повторно можно в \d\d:\d\d/)).toBeVisible();
    expect((await codes(email)).filter((entry) => entry.purpose === "register")).toHaveLength(2);
  });
});
