// The version of the interface texts (app/locales): part of every locale
// file's address (/locales/{lng}/{ns}.json?v=…), so that a browser may keep a
// file for a year and a release's new texts still reach it at once. Read by
// vite.config.ts (into the bundles as import.meta.env.LOCALES_VERSION), by
// vitest.config.ts and by scripts/build-sw.js (the worker precaches the files).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "app", "locales");

export function localesVersion() {
  const hash = crypto.createHash("sha256");
  for (const lng of fs.readdirSync(locales).sort()) {
    for (const file of fs.readdirSync(path.join(locales, lng)).sort()) {
      hash
        .update(`${lng}/${file}\0`)
        .update(fs.readFileSync(path.join(locales, lng, file)))
        .update("\0");
    }
  }
  return hash.digest("hex").slice(0, 12);
}
