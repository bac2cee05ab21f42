/**
 * Every form is declared once (app/routes/**\/*.form.ts) and its component
 * takes the form's id from the declaration: ids cannot drift.
 */
import { describe, expect, it } from "vitest";
import type { FormDefinition } from "./define";
import { createSignal, loadOnSignal } from "./lazy-form";

const modules = import.meta.glob<Record<string, FormDefinition>>("../routes/**/*.form.ts", { eager: true });
const definitions = Object.entries(modules).flatMap(([file, exports]) => Object.entries(exports).map(([name, form]) => ({ file, name, form })));

describe("form definitions", () => {
  it("every declared form has its own id", () => {
    const ids = definitions.map(({ form }) => form.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(definitions.map((d) => [`${d.file}: ${d.name}`, d.form] as const))("%s: its schema and component load", async (_, form) => {
    expect(typeof (await form.component())).toBe("function");
    expect(typeof (await form.schema()).safeParse).toBe("function");
  });
});

describe("loading a form's code", () => {
  it("waits for the signal, then loads", async () => {
    const signal = createSignal();
    let loads = 0;
    const loaded = loadOnSignal(async () => ++loads, signal, () => true);
    await Promise.resolve();
    expect(loads).toBe(0);
    signal.fire();
    expect(await loaded).toBe(1);
  });

  it("after a failed fetch, the server's form stays and the next touch tries again", async () => {
    const signal = createSignal();
    let tries = 0;
    const loaded = loadOnSignal(async () => (++tries === 1 ? Promise.reject(new Error("offline")) : "component"), signal, () => true);
    signal.fire();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tries).toBe(1);
    signal.fire();
    expect(await loaded).toBe("component");
    expect(tries).toBe(2);
  });

  it("without server HTML to fall back on, a failed fetch rejects (the route's error boundary answers)", async () => {
    const signal = createSignal();
    const loaded = loadOnSignal(async () => Promise.reject(new Error("offline")), signal, () => false);
    signal.fire();
    await expect(loaded).rejects.toThrow("offline");
  });
});
