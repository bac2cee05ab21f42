import { describe, expect, it } from "vitest";

import {
  blockingStylesheets,
  dataPreloads,
  entryScripts,
  modulePreloads,
  readDocument,
  staticImports,
  stylesheetPosition,
  stylesheets,
} from "./html";

const page = `<!DOCTYPE html><html><head>
<meta charSet="utf-8"><title>A > B</title>
<link rel="modulepreload" href="/assets/entry.js"><link rel=preload as=fetch href="/locales/rus/common.json" crossorigin>
<link rel="stylesheet" href="/assets/app.css"><link rel="stylesheet" media="print" href="/print.css">
<link rel="stylesheet" href="/x.css" disabled>
</head><body>
<p>text about &lt;link rel=stylesheet href=/fake.css&gt; written as text</p>
<!-- <link rel="stylesheet" href="/commented.css"> -->
<script nonce="n">window.__x = "<link rel=stylesheet href=/in-script.css>";</script>
<script type="module" nonce="n">import "/assets/manifest.js"; import * as route0 from "/assets/root.js"; import("/assets/entry.client.js");</script>
</body></html>`;

describe("readDocument", () => {
  const parts = readDocument(page);

  it("finds the real tags only, not text, comments or script contents that look like them", () => {
    expect(stylesheets(parts).map((l) => l.href)).toEqual([
      "/assets/app.css",
      "/print.css",
      "/x.css",
    ]);
  });

  it("counts a stylesheet as blocking unless it is for print or disabled", () => {
    expect(blockingStylesheets(parts).map((l) => l.href)).toEqual(["/assets/app.css"]);
  });

  it("reads unquoted attributes and tells preloads apart", () => {
    expect(modulePreloads(parts).map((l) => l.href)).toEqual(["/assets/entry.js"]);
    expect(dataPreloads(parts).map((l) => l.href)).toEqual(["/locales/rus/common.json"]);
  });

  it("places the stylesheet among the head's elements", () => {
    expect(stylesheetPosition(parts)).toEqual({ position: 5, of: 7, before: 2, inline: false });
    expect(
      stylesheetPosition(readDocument("<html><head><title>x</title></head></html>")),
    ).toBeUndefined();
  });

  it("places the page's own <style> when no stylesheet is linked", () => {
    const inPage = readDocument(
      '<html><head><meta charset="utf-8"><style>p{}</style><link rel="modulepreload" href="/a.js"><style>q{}</style></head></html>',
    );
    expect(stylesheetPosition(inPage)).toEqual({ position: 2, of: 4, before: 0, inline: true });
  });

  it("lists the scripts a first visit loads: preloads and what inline modules import", async () => {
    expect(await entryScripts(parts, "http://x.test/")).toEqual([
      "http://x.test/assets/entry.js",
      "http://x.test/assets/manifest.js",
      "http://x.test/assets/root.js",
      "http://x.test/assets/entry.client.js",
    ]);
  });
});

describe("staticImports", () => {
  it("reads a minified chunk's static imports and re-exports, not its dynamic ones or strings", async () => {
    const code = `import{a as b}from"./chunk-A.js";import"./side.js";export{c}from"./chunk-B.js";const s="import x from './not.js'";import("./lazy.js");`;
    expect(await staticImports(code)).toEqual(["./chunk-A.js", "./side.js", "./chunk-B.js"]);
  });
});
