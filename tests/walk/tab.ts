/**
 * What a walk does in a browser tab, whichever engine and client run it
 * (tests/webkit: WebdriverIO over WebDriver classic; tests/firefox:
 * puppeteer-core over WebDriver BiDi). Elements are found as a person finds
 * them: a control by its label, a button or link by its name, inside a part of
 * the page (a form, the header); never by a class.
 *
 * The functions run in the page declare no named inner functions: a
 * transpiler's name helper (`__name`) does not exist there.
 */

/** A field by its label, or a button, link or summary by its accessible name. */
export type Target =
  { label: string; within?: string } | { role: "button" | "link"; name: string; within?: string };

export interface Tab {
  /** Opens `pathname` as a resident types an address. */
  goto(pathname: string): Promise<void>;
  /** Runs `check(...args)` in the page and returns what it returned. */
  evaluate<T, A extends unknown[]>(check: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Clicks the target once it is shown. */
  click(target: Target): Promise<void>;
  /** Empties the field, then types `text` into it key by key. */
  type(target: Target, text: string): Promise<void>;
  /** Chooses the file at `file` in the file field. */
  upload(target: Target, file: string): Promise<void>;
  screenshot(file: string): Promise<void>;
  /** Script errors, console errors and CSP violations seen in this tab so far. */
  problems(): Promise<string[]>;
}

/**
 * Finds the target in the page (run there): the first shown element, or with
 * `found`, whether there is one. A label matches as it reads, or as it begins
 * (a hint may follow inside it); a name as it reads, or as part of it.
 */
export function locate(target: Target, found?: "found"): HTMLElement | boolean | null {
  const element = ((): HTMLElement | null => {
    const root = target.within ? document.querySelector(target.within) : document.body;
    if (!root) return null;
    const shown = (element: Element) => element.getClientRects().length > 0;
    if ("label" in target) {
      const controls: { control: HTMLElement; text: string }[] = [];
      for (const label of root.querySelectorAll("label")) {
        if (label.control) controls.push({ control: label.control, text: label.textContent ?? "" });
      }
      for (const control of root.querySelectorAll<HTMLElement>(
        "input[aria-label], textarea[aria-label]",
      ))
        controls.push({ control, text: control.getAttribute("aria-label") ?? "" });
      const wanted = controls.map((entry) => ({
        ...entry,
        text: entry.text.replace(/\s+/g, " ").trim(),
      }));
      // A file field or the code's slots may be drawn over: their labels are what is shown.
      return (
        wanted.find((entry) => entry.text === target.label)?.control ??
        wanted.find((entry) => entry.text.startsWith(target.label))?.control ??
        null
      );
    }
    const selector =
      target.role === "link"
        ? "a[href]"
        : "button, summary, [role=button], input[type=submit], input[type=button]";
    const candidates = [...root.querySelectorAll<HTMLElement>(selector)].filter(shown);
    const names = candidates.map((element) => ({
      element,
      name: (element.getAttribute("aria-label") ?? element.textContent ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    }));
    return (
      names.find((entry) => entry.name === target.name)?.element ??
      names.find((entry) => entry.name.includes(target.name))?.element ??
      null
    );
  })();
  return found ? Boolean(element) : element;
}

const describeTarget = (target: Target) =>
  "label" in target
    ? `the field «${target.label}»${target.within ? ` in ${target.within}` : ""}`
    : `the ${target.role} «${target.name}»${target.within ? ` in ${target.within}` : ""}`;

/** Polls `check(...args)` in the page until it returns something truthy, and returns that. */
export async function waitUntil<T, A extends unknown[]>(
  tab: Tab,
  what: string,
  check: (...args: A) => T | Promise<T>,
  ...args: A
): Promise<T> {
  const timeoutMs = 30_000;
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      last = await tab.evaluate(check, ...args);
      if (last) return last as T;
    } catch (error) {
      // The page was navigating: ask the next one.
      last = error instanceof Error ? error.message : error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited ${timeoutMs} ms for ${what}; last answer: ${JSON.stringify(last)}`);
}

/** Waits until the target is in the page and shown. */
export const waitFor = (tab: Tab, target: Target) =>
  waitUntil(tab, describeTarget(target), locate, target, "found" as const);

/** Until React has hydrated the page: before that a click is the browser's own. */
export const hydrated = (tab: Tab) =>
  waitUntil(tab, "hydration", () => document.documentElement.dataset.hydrated === "true");

export const pathname = (tab: Tab) => tab.evaluate(() => location.pathname);

/** Waits for the page at `expected` (a path, or a pattern for it) to show. */
export async function waitForPath(tab: Tab, expected: string | RegExp) {
  const [exact, pattern, flags] =
    typeof expected === "string" ? [expected, "", ""] : ["", expected.source, expected.flags];
  await waitUntil(
    tab,
    `the address ${expected}`,
    (path, source, sourceFlags) =>
      path ? location.pathname === path : new RegExp(source, sourceFlags).test(location.pathname),
    exact,
    pattern,
    flags,
  );
}

/** The text shown anywhere on the page (waits for it). */
export const shows = (tab: Tab, text: string) =>
  waitUntil(
    tab,
    `«${text}» on the page`,
    (wanted) => document.body.innerText.includes(wanted),
    text,
  );

export const heading = (tab: Tab) =>
  tab.evaluate(() => document.querySelector("h1")?.textContent?.trim());

export { describeTarget };
