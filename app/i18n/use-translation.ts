/**
 * `useTranslation` for the portal's components: i18next on the server, the
 * portal's own lookups in the browser (app/i18n/translator.ts: i18next was a
 * sixth of a first visit's JavaScript).
 *
 * Why: react-i18next 17 copies the whole i18next instance into a wrapper
 * object on a component's first render, and on the server every render is a
 * first render, so a page paid for it in each of its dozens of translated
 * components (about a tenth of the server's time per page). On the server a
 * page renders once in a fixed language, so `t` bound to the request's
 * instance is all a component needs. `import.meta.env.SSR` is a build-time
 * constant: each bundle keeps one branch, so the hooks a component calls never
 * change between its renders.
 */
import type { i18n as I18n, TFunction } from "i18next";
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore } from "react";
import { I18nContext } from "react-i18next";
import { splitKey, snapshotFor, subscribe, translatorFor, currentLanguage } from "./translator";

/**
 * The keys a server render asked for, per request: the document carries
 * their strings so the browser hydrates without fetching a locale file
 * (app/entry.server.tsx, `inlineLocale`).
 */
export const UsedKeysContext = createContext<Set<string> | null>(null);
const recorders = new WeakMap<Set<string>, Map<string, TFunction>>();

/** A value made once per owner (a render's key set, an i18next instance) and namespace. */
function perNamespace<Owner extends object, Value>(store: WeakMap<Owner, Map<string, Value>>, owner: Owner, ns: string | undefined, make: () => Value): Value {
  let byNamespace = store.get(owner);
  if (!byNamespace) {
    byNamespace = new Map();
    store.set(owner, byNamespace);
  }
  const key = ns ?? "";
  let value = byNamespace.get(key);
  if (value === undefined) {
    value = make();
    byNamespace.set(key, value);
  }
  return value;
}

function recording(t: TFunction, ns: string | undefined, used: Set<string>): TFunction {
  return perNamespace(recorders, used, ns, () => {
    const call = t as unknown as (...args: unknown[]) => string;
    return ((...args: unknown[]) => {
      const [keys, options] = args;
      const own = typeof options === "object" && options !== null ? (options as { ns?: string }).ns : undefined;
      for (const each of Array.isArray(keys) ? keys : [keys]) {
        if (typeof each === "string") used.add(splitKey(each, own ?? ns).join(":"));
      }
      return call(...args);
    }) as unknown as TFunction;
  });
}

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function serverT(i18n: I18n, ns: string | undefined): TFunction {
  return perNamespace(fixedTs, i18n, ns, () => memoized(i18n.getFixedT(null, ns ?? null)));
}

/**
 * `t` that remembers its answers for a key alone or a key with plain values
 * (the menu, the footer and the shell ask for the same strings on every page,
 * and the server's resources never change while it runs). Bounded, since
 * values such as a post's title vary without end.
 */
export function memoized(t: TFunction): TFunction {
  const answers = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => string;
  const cached = (...args: unknown[]) => {
    const [key, options] = args;
    const plain =
      typeof key === "string" &&
      (args.length === 1 ||
        (args.length === 2 &&
          typeof options === "object" &&
          options !== null &&
          Object.values(options).every((value) => value === null || ["string", "number", "boolean"].includes(typeof value))));
    if (!plain) return call(...args);
    const id = args.length === 1 ? (key as string) : `${key as string}\u0000${JSON.stringify(options)}`;
    let answer = answers.get(id);
    if (answer === undefined) {
      answer = call(...args);
      if (answers.size >= 5000) answers.clear();
      answers.set(id, answer);
    }
    return answer;
  };
  return Object.assign(cached, t) as unknown as TFunction;
}

export function useTranslation(ns?: string): { t: TFunction } {
  if (import.meta.env.SSR) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- one branch per bundle, see above
    const { i18n } = useContext(I18nContext);
    // eslint-disable-next-line react-hooks/rules-of-hooks -- one branch per bundle, see above
    const used = useContext(UsedKeysContext);
    const t = serverT(i18n, ns);
    return { t: used ? recording(t, ns, used) : t };
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks -- one branch per bundle, see above
  return useBrowserTranslation(ns);
}

/** The browser's hook: renders again only on a language change, or when a string it missed has arrived. */
function useBrowserTranslation(ns: string | undefined): { t: TFunction } {
  const [tracker] = useState(() => ({ missed: false }));
  const getSnapshot = useCallback(() => snapshotFor(tracker.missed), [tracker]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const language = currentLanguage();
  const t = useMemo(
    () =>
      translatorFor(ns, () => {
        tracker.missed = true;
      }),
    // The snapshot names the language and the arrivals the strings depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ns, language, snapshot, tracker],
  );
  return { t: t as unknown as TFunction };
}
