import { createCookie } from "react-router";
import { describe, expect, it, vi } from "vitest";

import { rawCookie, rememberVerified } from "./remembered-cookie.server";

describe("a signed cookie with its verified values remembered", () => {
  const signed = () => createCookie("__session", { secrets: ["s3cret"] });

  it("answers as React Router's cookie does, and verifies a value once", async () => {
    const cookie = signed();
    const parse = vi.spyOn(cookie, "parse");
    const remembered = rememberVerified(cookie);
    const header = `theme=dark; ${await cookie.serialize({ sid: "a", nested: { step: "code" } })}`;
    const first = (await remembered.parse(header)) as { nested: { step: string } };
    expect(first).toEqual({ sid: "a", nested: { step: "code" } });
    first.nested.step = "changed";
    // A fresh copy each time: what a request changes is not what the next one reads.
    expect(await remembered.parse(header)).toEqual({ sid: "a", nested: { step: "code" } });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(remembered.name).toBe("__session");
    expect(remembered.isSigned).toBe(true);
  });

  it("never remembers a forged or foreign value", async () => {
    const remembered = rememberVerified(signed());
    const forged = `__session=${await createCookie("__session", { secrets: ["other"] })
      .serialize({ sid: "x" })
      .then((c) => c.split(";")[0].split("=")[1])}`;
    expect(await remembered.parse(forged)).toBeNull();
    expect(await remembered.parse(forged)).toBeNull();
    expect(await remembered.parse(null)).toBeNull();
  });

  it("reads one cookie's raw value from a header", () => {
    expect(rawCookie("a=1; __session=xyz.sig; b=2", "__session")).toBe("xyz.sig");
    expect(rawCookie("a=1", "__session")).toBeUndefined();
  });
});
