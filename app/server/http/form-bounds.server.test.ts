import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { formBounds, formBreach, jsonDepth } from "./form-bounds.server";

function form(entries: Array<[string, string | Blob]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const urlencoded = (body: string) => {
  const data = new FormData();
  for (const [name, value] of new URLSearchParams(body)) data.append(name, value);
  return data;
};

const intent = (value: unknown) => form([["__intent__", JSON.stringify(value)]]);

describe("bounds on a submitted form", () => {
  it("let every form of ours through: flat names, a few fields, conform's own fields", () => {
    expect(
      formBreach(
        form([
          ["email", "resident@example.com"],
          ["password", "secret"],
          ["redirectTo", "/profile"],
          ["name__confirm", ""],
        ]),
      ),
    ).toBeNull();
    expect(
      formBreach(
        form([
          ["intent", "profile"],
          ["first_name", "Анна"],
          ["phone", "+7 914 000-00-00"],
          ["image", new Blob(["x"])],
        ]),
      ),
    ).toBeNull();
    expect(formBreach(intent({ type: "validate", payload: { name: "email" } }))).toBeNull();
    expect(
      formBreach(
        form([["__state__", JSON.stringify({ validated: { email: true, password: false } })]]),
      ),
    ).toBeNull();
  });

  it("let lists and nesting through within the bounds", () => {
    const names: Array<[string, string]> = [];
    for (let index = 0; index < 20; index += 1)
      names.push([`readings[${index}].value`, "1"], [`readings[${index}].meter.id`, "2"]);
    expect(formBreach(form(names))).toBeNull();
    expect(formBreach(form([[`a[${formBounds.index}]`, "x"]]))).toBeNull();
    expect(formBreach(form([["a.b.c.d.e.f.g.h", "x"]]))).toBeNull();
  });

  it("refuse a list index past the bound, the 51-byte request that built forty million slots", () => {
    expect(formBreach(urlencoded("a[40000000]=x"))).toMatchObject({ bound: "index", status: 400 });
    expect(formBreach(urlencoded(`a[${formBounds.index + 1}]=x`))).toMatchObject({
      bound: "index",
      status: 400,
    });
    expect(formBreach(urlencoded("a.40000000=x"))).toMatchObject({ bound: "index" });
    expect(formBreach(urlencoded(`a[${"9".repeat(150)}]=x`))).toMatchObject({ bound: "index" });
  });

  it("refuse many lists that together would open too many slots", () => {
    const names: Array<[string, string]> = [];
    for (let list = 0; list < 11; list += 1) names.push([`l${list}[99]`, "x"]);
    expect(formBreach(form(names))).toMatchObject({ bound: "slots", status: 400 });
  });

  it("refuse a name nested past the bound or too long, whatever its syntax", () => {
    expect(formBreach(urlencoded(`a${"[a]".repeat(20_000)}=1`))).toMatchObject({
      bound: "nameLength",
      status: 400,
    });
    expect(formBreach(urlencoded(`a${"[0]".repeat(formBounds.depth)}=1`))).toMatchObject({
      bound: "depth",
      status: 400,
    });
    expect(formBreach(urlencoded(`a${".a".repeat(formBounds.depth)}=1`))).toMatchObject({
      bound: "depth",
    });
    expect(formBreach(form([["x".repeat(formBounds.nameLength + 1), "1"]]))).toMatchObject({
      bound: "nameLength",
    });
  });

  it("refuse too many fields, or too much text together, as too large", () => {
    expect(formBreach(urlencoded("a=1&".repeat(formBounds.fields + 1)))).toMatchObject({
      bound: "fields",
      status: 413,
    });
    expect(
      formBreach(
        form([
          ["a", "x".repeat(40_000)],
          ["b", "y".repeat(40_000)],
        ]),
      ),
    ).toMatchObject({ bound: "textChars", status: 413 });
  });

  it("hold conform's control fields to the same bounds: the intent's name and index, JSON depth", () => {
    expect(
      formBreach(intent({ type: "update", payload: { name: "a", index: 40_000_000, value: "x" } })),
    ).toMatchObject({ bound: "index" });
    expect(
      formBreach(intent({ type: "update", payload: { name: "a[40000000]", value: "x" } })),
    ).toMatchObject({ bound: "index" });
    expect(
      formBreach(intent({ type: "reorder", payload: { name: "a", from: 0, to: 1e9 } })),
    ).toMatchObject({ bound: "index" });
    expect(
      formBreach(intent({ type: "update", payload: { name: `a${".a".repeat(20)}` } })),
    ).toMatchObject({ bound: "depth" });
    const deep = `{"type":"update","payload":{"name":"a","value":${"[".repeat(9000)}${"]".repeat(9000)}}}`;
    expect(formBreach(form([["__intent__", deep]]))).toMatchObject({
      bound: "jsonDepth",
      status: 400,
    });
    expect(
      formBreach(form([["__state__", `${"[".repeat(10_000)}${"]".repeat(10_000)}`]])),
    ).toMatchObject({ bound: "jsonDepth" });
    expect(formBreach(form([["__intent__", "not json"]]))).toMatchObject({ bound: "json" });
    expect(formBreach(form([["__intent__", new Blob(["{}"])]]))).toMatchObject({ bound: "json" });
  });

  it("measure JSON depth without being fooled by brackets inside strings", () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[{{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[[["')).toBe(0);
    expect(jsonDepth("[]")).toBe(1);
  });

  it("bound what conform sends back: within the bounds, the echo of an invalid form stays small", () => {
    const worst: Array<[string, string]> = [];
    for (let list = 0; list < 10; list += 1) worst.push([`l${list}[${formBounds.index - 1}]`, "x"]);
    const data = form(worst);
    expect(formBreach(data)).toBeNull();
    const submission = parseWithZod(data, { schema: z.object({ email: z.string() }) });
    expect(JSON.stringify(submission.reply()).length).toBeLessThan(10_000);
  });
});
