import { describe, expect, it } from "vitest";
import { HYDRATION_SCRIPT, scriptsAfterFirstPaint } from "./scripts-after-first-paint.server";

const nonce = "abc123==";
const page = [
  "<!DOCTYPE html><html><head><meta charSet=\"utf-8\"/>",
  `<link nonce="${nonce}" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`,
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${nonce}"/><link rel="modulepreload" href="/assets/framework.js" nonce="${nonce}"/>`,
  "</head><body><main>News</main>",
  `<script nonce="${nonce}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>`,
  "</body></html>",
].join("");

describe("scriptsAfterFirstPaint", () => {
  const out = scriptsAfterFirstPaint(Buffer.from(page), nonce).toString();

  it("leaves nothing in the page that fetches or runs a module before the loader does", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link nonce="abc123==" rel="stylesheet" href="/assets/app.css"');
  });

  it("keeps React Router's module script as inert text with the preloads' addresses, followed by the nonced loader", () => {
    const inert = `<script nonce="${nonce}" type="text/plain" id="${HYDRATION_SCRIPT}" data-modulepreload="/assets/entry.client.js /assets/framework.js">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>`;
    expect(out).toContain(`${inert}<script nonce="${nonce}">(function`);
    expect(out).toContain(`)("${HYDRATION_SCRIPT}")</script></body>`);
    expect(out).toContain("requestAnimationFrame");
  });

  it("changes nothing in a document without React Router's module script (an error page rendered bare)", () => {
    const bare = "<!DOCTYPE html><html><head></head><body><p>Error</p></body></html>";
    expect(scriptsAfterFirstPaint(Buffer.from(bare), nonce).toString()).toBe(bare);
  });

  it("keeps text outside ASCII whole, before and after the edits", () => {
    const russian = page.replace("<main>News</main>", "<main>Новости</main>").replace("<head>", "<head><title>Новости | Портал</title>");
    const edited = scriptsAfterFirstPaint(Buffer.from(russian), nonce).toString();
    expect(edited).toContain("<title>Новости | Портал</title>");
    expect(edited).toContain("<main>Новости</main>");
    expect(edited).toContain(`data-modulepreload="/assets/entry.client.js /assets/framework.js">import * as route0`);
  });
});
