import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { registerScript, starterScript } from "./starter";

/** Runs the inline starter against a stand-in document: what it appends, and its listeners. */
function run(storage: Map<string, string>, readyState = "complete") {
  const appended: string[] = [];
  const listeners: Record<string, (event: unknown) => void> = {};
  const windowListeners: Record<string, () => void> = {};
  const document = {
    readyState,
    head: { append: (element: { src: string }) => appended.push(element.src) },
    createElement: () => ({ src: "" }),
    addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] = listener),
  };
  const localStorage = { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) };
  vm.runInNewContext(starterScript, { document, localStorage, addEventListener: (type: string, listener: () => void) => (windowListeners[type] = listener) });
  return { appended, listeners, windowListeners };
}

const link = { type: "click", target: { closest: (selector: string) => (selector === "a[href]" ? {} : null) } };
const text = { type: "click", target: { closest: () => null } };

describe("the service worker's inline starter", () => {
  it("loads nothing on a first visit of one page", () => {
    const { appended } = run(new Map());
    expect(appended).toEqual([]);
  });

  it("loads the registration at the first link followed or form sent, once", () => {
    const { appended, listeners } = run(new Map());
    listeners.click(text);
    expect(appended).toEqual([]);
    listeners.click(link);
    listeners.submit({ type: "submit", target: {} });
    expect(appended).toEqual([registerScript]);
  });

  it("loads it after the page's load on a later visit", () => {
    const storage = new Map<string, string>();
    run(storage);
    expect(run(storage).appended).toEqual([registerScript]);
    const loading = run(storage, "interactive");
    expect(loading.appended).toEqual([]);
    loading.windowListeners.load();
    expect(loading.appended).toEqual([registerScript]);
  });
});
