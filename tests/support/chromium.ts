import { existsSync } from "node:fs";

/** Debian's Chromium (npx playwright install cannot download here); CHROMIUM_PATH overrides. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) {
    throw new Error("Chromium not found: run `npm test` (it installs Debian's chromium) or set CHROMIUM_PATH.");
  }
  return found;
}
