import { defineConfig } from "@playwright/test";

import { chromiumPath } from "./tests/support/chromium";

const portalPort = Number(process.env.E2E_PORTAL_PORT ?? 3456);
const backendPort = Number(process.env.E2E_BACKEND_PORT ?? 8765);
process.env.E2E_BACKEND_URL = `http://127.0.0.1:${backendPort}`;

const launchOptions = {
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    // Measured on two cores: a new context, its page and a page load take 1.28 s instead of
    // 1.58 s (every test pays it once). Each test's context still has a renderer of its own.
    "--renderer-process-limit=1",
  ],
};

/**
 * Every flow runs twice: as a resident without JavaScript and with it. A test
 * tagged @server checks the server's answer itself (headers, bounds, limits,
 * replicas, error codes, the server's HTML), which JavaScript does not change:
 * it runs once, without JavaScript.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: a test waiting (a token's lifetime, a slow answer, a page load) leaves a core
  // to the third; measured 8.2 against 8.9 min and more, with nothing else changed (decision 041).
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${portalPort}`,
    locale: "ru-RU",
    timezoneId: "Asia/Yakutsk",
    trace: "off",
    screenshot: "only-on-failure",
    // Allowed, as residents have it: `returning` (tests/e2e/fixtures.ts) has it control every test's
    // first page, but in the offline specs, which watch it install. A suite that intercepts
    // requests with page.route blocks it itself (docs/decisions/036 and 042).
    serviceWorkers: "allow",
    launchOptions,
  },
  projects: [
    // axe runs inside the page, and client-only checks behaviour that exists only with JavaScript.
    {
      name: "js-off",
      use: { javaScriptEnabled: false },
      testIgnore: /(a11y|client-only|production-shape)\.spec\.ts/,
    },
    // The Nu checker reads the server's HTML, which JavaScript does not change: once is enough.
    {
      name: "js-on",
      use: { javaScriptEnabled: true },
      testIgnore: /(html|production-shape)\.spec\.ts/,
      grepInvert: /@server/,
    },
    // nginx and two replicas under a load that takes every core: alone, after the rest
    // (other tests beside it would miss their timeouts). No browser: plain HTTP.
    {
      name: "production-shape",
      testMatch: /production-shape\.spec\.ts/,
      dependencies: ["js-off", "js-on"],
      use: { javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: "node tests/support/e2e-stack.js",
    url: `http://127.0.0.1:${portalPort}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5000 },
  },
});
