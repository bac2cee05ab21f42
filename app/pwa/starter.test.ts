import vm from "node:vm";
import { describe, expect, it } from "vitest";

import { pagesBeforeControlKey, registerScript, starterScript } from "./starter";

/** Runs the inline starter against a stand-in document: what it appends, and its listeners. */
function run(
  storage: Map<string, string>,
  readyState = "complete",
  tab: Record<string, unknown> = {},
) {
  const appended: string[] = [];
  const listeners: Record<string, (event: unknown) => void> = {};
  const windowListeners: Record<string, () => void> = {};
  const document = {
    readyState,
    head: { append: (element: { src: string }) => appended.push(element.src) },
    createElement: () => ({ src: "" }),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      (listeners[type] = listener),
  };
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  };
  vm.runInNewContext(starterScript, {
    document,
    localStorage,
    addEventListener: (type: string, listener: () => void) => (windowListeners[type] = listener),
    ...tab,
  });
  return { appended, listeners, windowListeners };
}

const link = {
  type: "click",
  target: { closest: (selector: string) => (selector === "a[href]" ? {} : null) },
};
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

  it("notes each page loaded while no worker controls the tab, the last 40, and none once one does", () => {
    const session = new Map<string, string>();
    const sessionStorage = {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => session.set(key, value),
    };
    const tab = (path: string, controller: object | null) => ({
      sessionStorage,
      location: { pathname: path, search: "" },
      navigator: { serviceWorker: { controller } },
    });
    run(new Map(), "complete", tab("/about", null));
    run(new Map(), "complete", tab("/rates", null));
    expect(JSON.parse(session.get(pagesBeforeControlKey)!)).toEqual(["/about", "/rates"]);
    run(new Map(), "complete", tab("/posts", {}));
    expect(JSON.parse(session.get(pagesBeforeControlKey)!)).toEqual(["/about", "/rates"]);
    for (let page = 0; page < 45; page += 1)
      run(new Map(), "complete", tab(`/posts/item/${page}`, null));
    const noted = JSON.parse(session.get(pagesBeforeControlKey)!) as string[];
    expect(noted).toHaveLength(40);
    expect(noted.at(-1)).toBe("/posts/item/44");
  });

  it("still starts where the browser has no worker or no storage", () => {
    const { appended } = run(new Map([["portal-visited", "1"]]), "complete", { navigator: {} });
    expect(appended).toEqual([registerScript]);
  });
});
