import { chromium } from "playwright-core";
import { startStack } from "/work/main/tests/support/stack.js";
const stack = await startStack({});
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const js of [true, false]) {
    const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const tag = js ? "on" : "off";
    await page.goto(stack.portalUrl + "/auth");
    if (js) await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.screenshot({ path: `/tmp/shot-auth-${tag}.png` });
    await page.getByLabel("Электронная почта").fill("bad");
    await page.getByLabel("Пароль", { exact: true }).fill("x");
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shot-auth-error-${tag}.png` });
    await page.getByLabel("Электронная почта").fill("resident@example.com");
    await page.getByLabel("Пароль", { exact: true }).fill("resident12345");
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL("**/profile");
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shot-profile-${tag}.png` });
    await page.goto(stack.portalUrl + "/profile/accounts");
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-accounts-${tag}.png`, fullPage: true });
    await page.goto(stack.portalUrl + "/resources/logout").catch(() => {});
    console.log(tag, "errors:", errors);
    await ctx.close();
  }
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(stack.portalUrl + "/auth/registration");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.screenshot({ path: `/tmp/shot-reg.png` });
} finally { await browser.close(); await stack.stop(); }
