/**
 * Every page is valid HTML: the Nu HTML checker (the vnu-jar package, run
 * with Debian's Java) reads the server's HTML of each page of the site map as
 * a visitor, a resident and an administrator sees it, and must find no
 * error. The server's HTML is the same with JavaScript on, so this suite runs
 * in the js-off project only (playwright.config.ts).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import vnuJar from "vnu-jar";

import { admin, expect, resident, signIn, test } from "./fixtures";
import { demoIds, pagesFor, type Who } from "./site-pages";

const run = promisify(execFile);

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker once over many files; its JSON report goes to stderr. */
async function check(files: string[]): Promise<VnuMessage[]> {
  const java = process.env.JAVA_PATH ?? "java";
  const result = await run(
    java,
    ["-Xss1024k", "-jar", String(vnuJar), "--errors-only", "--format", "json", ...files],
    {
      maxBuffer: 32 * 1024 * 1024,
    },
  ).catch((error: { stderr?: string; code?: number }) => {
    // Exit code 1 means "errors found"; the report is still on stderr.
    if (error.stderr) return { stderr: error.stderr };
    throw error;
  });
  return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages;
}

const users = { resident, admin } as const;

for (const who of ["guest", "resident", "admin"] as const satisfies readonly Who[]) {
  test(`the Nu HTML checker finds no error on the pages ${who === "guest" ? "a visitor" : `a ${who}`} sees`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    if (who !== "guest") await signIn(page, users[who]);
    const paths = pagesFor(who, await demoIds());
    const folder = mkdtempSync(path.join(os.tmpdir(), "portal-html-"));
    try {
      const files = new Map<string, string>();
      for (const [index, pagePath] of paths.entries()) {
        // The HTML as the server sends it, with the browser's cookies (the session included).
        const response = await page.request.get(pagePath);
        expect(response.status(), `${pagePath} answers a page`).toBeLessThan(500);
        expect(response.headers()["content-type"]).toContain("text/html");
        const file = path.join(folder, `page-${index}.html`);
        writeFileSync(file, await response.text());
        files.set(`file:${file}`, pagePath);
      }
      const errors = (await check([...files.keys()])).filter((message) => message.type === "error");
      const readable = errors.map(
        (error) =>
          `${files.get(error.url) ?? error.url}:${error.lastLine ?? "?"}: ${error.message} «${error.extract ?? ""}»`,
      );
      expect(readable).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
}
