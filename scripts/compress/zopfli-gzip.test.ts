import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

import { zopfliGzip } from "./zopfli-gzip";

// zopfli spends about a second of one core on each compression here; the unit tests run beside
// the production build, so vitest's 5 s for three of them is no margin (5.5 s seen in CI).
describe("the build's gzip", { timeout: 30_000 }, () => {
  // A module of the app as it is, so the comparison is with text like the build's.
  const source = readFileSync(new URL("../../app/utils/site-map/pages.ts", import.meta.url));

  it("is gzip any client reads back to the file, from bytes or text", async () => {
    expect(gunzipSync(await zopfliGzip(source)).equals(source)).toBe(true);
    expect(gunzipSync(await zopfliGzip(source.toString("utf8"))).toString("utf8")).toBe(
      source.toString("utf8"),
    );
    const view = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
    expect(gunzipSync(await zopfliGzip(view)).equals(source)).toBe(true);
  });

  it("is smaller than zlib's best level", async () => {
    expect((await zopfliGzip(source)).length).toBeLessThan(gzipSync(source, { level: 9 }).length);
  });
});
