// The installed portal's icons (public/pwa/*.png), drawn from public/logo.svg
// by Chromium: `npx tsx scripts/build-pwa-icons.ts` after the logo changes.
// "any" icons are the logo itself; the maskable one puts the house inside the
// safe zone (the middle 80%) on a full-bleed background, as launchers crop it.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

import { ensureTool } from "./debian-tools";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const logo = fs.readFileSync(path.join(root, "public", "logo.svg"), "utf8");
const house = /<path[^>]*\/>/.exec(logo)?.[0] ?? "";
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48"><rect x="-8" y="-8" width="48" height="48" fill="#1d5fbf"/>${house}</svg>`;

const icons: Array<{ file: string; size: number; svg: string }> = [
  { file: "icon-192.png", size: 192, svg: logo },
  { file: "icon-512.png", size: 512, svg: logo },
  { file: "maskable-512.png", size: 512, svg: maskable },
  { file: "apple-touch-icon.png", size: 180, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: ensureTool("chromium"),
  args: ["--no-sandbox"],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg}</body></html>`,
    );
    await page.screenshot({
      path: path.join(root, "public", "pwa", icon.file),
      omitBackground: true,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
