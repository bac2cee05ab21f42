// The browser's texts as files of the client build, /locales/{lng}/{ns}.json,
// so that they are compressed once, at brotli's best, with the scripts
// (vite.config.ts) rather than on every request at the on-the-fly level:
// a fifth fewer bytes before a page hydrates. server/app.ts serves them;
// app/routes/resources/locales.ts answers the same addresses in development.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "app", "locales");

/**
 * A Vite plugin emitting `namespaces` of every language, as the resource route sends them.
 * @param {readonly string[]} namespaces
 * @returns {import("vite").Plugin}
 */
export function localeFiles(namespaces) {
  return {
    name: "portal-locale-files",
    apply: "build",
    buildStart() {
      for (const lng of fs.readdirSync(locales).sort()) {
        for (const ns of namespaces) {
          const text = fs.readFileSync(path.join(locales, lng, `${ns}.json`), "utf8");
          this.emitFile({
            type: "asset",
            fileName: `locales/${lng}/${ns}.json`,
            source: JSON.stringify(JSON.parse(text)),
          });
        }
      }
    },
  };
}
