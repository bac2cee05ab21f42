/**
 * Builds the SVG sprite (one request, cached, referenced by <use>) and the
 * single icons under public/icons from lucide-static, for the names listed in
 * app/components/ui/icon-names.ts. Run with `npm run icons`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { iconNames } from "../app/components/ui/icon-names";

const require = createRequire(import.meta.url);
const sourceDir = path.join(path.dirname(require.resolve("lucide-static/package.json")), "icons");
const outDir = path.resolve("public/icons");
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const symbols: string[] = [];
for (const name of iconNames) {
  const svg = readFileSync(path.join(sourceDir, `${name}.svg`), "utf8").replace(
    /<!--[\s\S]*?-->\s*/g,
    "",
  );
  const inner = svg
    .replace(/^[\s\S]*?<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "")
    .replace(/\s*\n\s*/g, "");
  symbols.push(`<symbol id="${name}" viewBox="0 0 24 24">${inner}</symbol>`);
  writeFileSync(
    path.join(outDir, `${name}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</svg>\n`,
  );
}
writeFileSync(
  path.resolve("app/components/ui/sprite.svg"),
  `<svg xmlns="http://www.w3.org/2000/svg"><!-- lucide-static, ISC license --><defs>${symbols.join("")}</defs></svg>\n`,
);
console.log(`icons: ${iconNames.length} written to ${path.relative(process.cwd(), outDir)}`);
