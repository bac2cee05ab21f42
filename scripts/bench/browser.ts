// Debian's Chromium for the sections that load pages (scripts/ensure-chromium.js).
import { chromium, type Browser } from "playwright-core";
import { ensureChromium } from "../ensure-chromium.js";

export const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export function chromiumPath(): string {
  return ensureChromium() as string;
}

export async function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS, ...extraFlags] });
}

/** "a=1; b=2" as Playwright cookies for `url`. */
export function cookiesFor(cookieHeader: string, url: string) {
  return cookieHeader
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name, value: rest.join("="), url };
    });
}
