import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "~/server/monitoring/logger.server";
import { recordConsent } from "./consent.server";
import { documentVersion } from "./markdown.server";

/** A logger like the portal's whose lines are kept here. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ ...loggerOptions, level: "info" }, stream) };
}

describe("the record of a consent", () => {
  it("says who consented, when, to which edition and from where, with the request's id, at info level", async () => {
    const { lines, log } = capture();
    const at = new Date("2026-11-25T03:04:05.678Z");
    await recordConsent({ email: "maria@example.org", clientAddress: "203.0.113.7", requestId: "req-1", at }, log);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "personal data consent",
      event: "personal-data-consent",
      requestId: "req-1",
      email: "maria@example.org",
      consentedAt: "2026-11-25T03:04:05.678Z",
      document: "/documents/consent",
      documentVersion: await documentVersion("documents/consent"),
      clientAddress: "203.0.113.7",
    });
    expect(lines[0]!.documentVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
