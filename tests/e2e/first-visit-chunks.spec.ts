/**
 * The build's one custom step (scripts/chunks/first-visit-chunks.ts,
 * docs/decisions/020) seen where it matters: the scripts a first visit
 * loads. React Router and React in one `framework` chunk, the root route's
 * modules in one `shell`, both preloaded; no more scripts than decision 006
 * counts. A React Router release that renames the root route's module or
 * moves its own code leaves the shell empty or React Router outside the
 * framework chunk: this fails (and the build stops first, saying why).
 * Built with `PORTAL_CHUNKS=rollup` (build/fingerprint.json says which), the
 * step is off and neither chunk exists.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { entryScripts, readDocument } from "../../scripts/bench/html";
import { expect, test } from "./fixtures";

const chunking: string =
  JSON.parse(readFileSync(path.resolve("build", "fingerprint.json"), "utf8")).chunks ??
  "first-visit";

/** The scripts a first visit of `pagePath` loads (modulepreloads, script src, inline imports), by file name. */
async function firstVisitScripts(
  request: import("@playwright/test").APIRequestContext,
  baseURL: string,
  pagePath: string,
) {
  const response = await request.get(pagePath);
  expect(response.status()).toBe(200);
  const urls = await entryScripts(readDocument(await response.text()), `${baseURL}${pagePath}`);
  return urls.map((url) => new URL(url).pathname);
}

const named = (scripts: string[], name: string) =>
  scripts.find((script) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(script));

if (chunking === "first-visit") {
  // Decision 006: 7-10 scripts on a public page's first visit once the two chunks carry every visit.
  for (const { pagePath, most, lists } of [
    { pagePath: "/", most: 10, lists: false },
    { pagePath: "/posts", most: 10, lists: true },
  ]) {
    test(
      `${pagePath}: React Router in the framework chunk, the root route's modules in the shell, at most ${most} scripts`,
      { tag: "@server" },
      async ({ request, baseURL }) => {
        const scripts = await firstVisitScripts(request, baseURL!, pagePath);
        const framework = named(scripts, "framework");
        const shell = named(scripts, "shell");
        expect(framework, `a framework chunk among ${scripts.join(", ")}`).toBeDefined();
        expect(shell, `a shell chunk among ${scripts.join(", ")}`).toBeDefined();
        expect(scripts.length, scripts.join(", ")).toBeLessThanOrEqual(most);
        if (lists)
          expect(
            named(scripts, "lists"),
            "the list pages' filters and pagination in one chunk",
          ).toBeDefined();
        // React Router's browser code (it reads the context its <Scripts> write) and the top bar the root route renders.
        expect(await (await request.get(framework!)).text()).toContain("__reactRouterContext");
        expect(await (await request.get(shell!)).text()).toContain("brand__name");
      },
    );
  }
} else {
  test(
    "PORTAL_CHUNKS=rollup: Rollup's own chunks, no framework or shell",
    { tag: "@server" },
    async ({ request, baseURL }) => {
      const scripts = await firstVisitScripts(request, baseURL!, "/");
      expect(named(scripts, "framework")).toBeUndefined();
      expect(named(scripts, "shell")).toBeUndefined();
    },
  );
}
