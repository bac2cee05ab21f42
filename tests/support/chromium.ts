import { findTool } from "../../scripts/debian-tools";

/**
 * The Chromium Playwright runs headless tests in: its headless shell, Chromium's
 * engine without the browser around it, as Playwright's own builds do
 * (`scripts/e2e.ts` installs Debian's package; CHROMIUM_HEADLESS_SHELL_PATH overrides).
 */
export function chromiumPath() {
  const found = findTool("chromiumHeadlessShell");
  if (!found) {
    throw new Error(
      "Chromium's headless shell not found: run `npm run test:e2e` (it installs Debian's chromium-headless-shell) or set CHROMIUM_HEADLESS_SHELL_PATH.",
    );
  }
  return found;
}
