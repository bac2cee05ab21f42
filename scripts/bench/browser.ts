// Debian's Chromium, the whole browser, for the sections that load pages (scripts/debian-tools.ts).
import { chromium, type Browser } from "playwright-core";

import { ensureTool } from "../debian-tools";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function chromiumPath(): string {
  return ensureTool("chromium");
}

export async function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, ...extraFlags],
  });
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
