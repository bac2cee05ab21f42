import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";

import { loggerOptions } from "./logger.server";

/** What a visitor can put in a name, a path or a header: escape sequences, bells, line breaks, bidirectional overrides. */
const hostile =
  "A\x1b[31mred\x1b]0;title\x07\r\nB\x7f\u0085\u009b2J\u202Egnirts\u2028\u200b\u2066\uFEFF";

/** Any character a terminal may act on rather than show, but the line's own end. */
function actedOn(text: string) {
  return [...text.replace(/\n$/, "")]
    .map((char) => char.codePointAt(0)!)
    .filter(
      (code) =>
        code < 0x20 ||
        (code >= 0x7f && code <= 0x9f) ||
        (code >= 0x200b && code <= 0x200f) ||
        (code >= 0x2028 && code <= 0x202e) ||
        (code >= 0x2066 && code <= 0x2069) ||
        code === 0xfeff,
    )
    .map((code) => `U+${code.toString(16).toUpperCase().padStart(4, "0")}`);
}

describe("the logger", () => {
  it("writes a visitor's strings with nothing a terminal would act on, and the JSON still means them", async () => {
    let written = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const log = pino({ ...loggerOptions, level: "info" }, stream);
    // Short strings and long ones: pino escapes them by two different paths.
    log.info({ name: hostile, long: hostile.repeat(10) }, hostile);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = written.split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(actedOn(written)).toEqual([]);
    const entry = JSON.parse(lines[0]!) as { msg: string; name: string; long: string };
    expect(entry.msg).toBe(hostile);
    expect(entry.name).toBe(hostile);
    expect(entry.long).toBe(hostile.repeat(10));
  });
});
