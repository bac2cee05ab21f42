/**
 * `useTranslation` for the portal's components: react-i18next's hook in the
 * browser, a lighter one on the server.
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
import { useContext } from "react";
import { I18nContext, useTranslation as useReactI18next } from "react-i18next";

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function serverT(i18n: I18n, ns: string | undefined): TFunction {
  let byNamespace = fixedTs.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    fixedTs.set(i18n, byNamespace);
  }
  const key = ns ?? "";
  let t = byNamespace.get(key);
  if (!t) {
    t = memoized(i18n.getFixedT(null, ns ?? null));
    byNamespace.set(key, t);
  }
  return t;
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

export function useTranslation(ns?: string): { t: TFunction; i18n: I18n } {
  if (import.meta.env.SSR) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- one branch per bundle, see above
    const { i18n } = useContext(I18nContext);
    return { t: serverT(i18n, ns), i18n };
  }
  // eslint-disable-next-line react-hooks/rules-of-hooks -- one branch per bundle, see above
  const { t, i18n } = useReactI18next(ns);
  return { t: t as TFunction, i18n };
}
