/**
 * Forms whose JavaScript is fetched when the resident needs it.
 *
 * The server renders the form whole. In the browser it stays that HTML, a
 * plain form that already works (typing, submitting), until the resident
 * touches it or the page changes; then its module and conform load and React
 * hydrates it in place, keeping what was typed and where the focus is. A
 * visit that only reads the page never downloads the form's code, which keeps
 * form pages within the first-visit JavaScript budget. See
 * docs/decisions/006-performance-budgets.md.
 *
 * The module loads at once when the form appears after the first hydration
 * (a client-side navigation), and when the router is busy (a navigation, a
 * revalidation, a fetcher): React delays such updates until a dehydrated part
 * can hydrate, so it must be on its way.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

let hydrationDone = false;

/** The root calls this once the first hydration has been committed. */
export function markHydrationDone() {
  hydrationDone = true;
}

const EVENTS = ["focusin", "pointerdown", "keydown", "input"] as const;

function useLoadWhenNeeded(formId: string, begin: () => void) {
  // Captured at mount: false for a form hydrated from the server's HTML.
  const [mountedAfterHydration] = useState(() => hydrationDone);
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  if (mountedAfterHydration || busy) begin();
  useEffect(() => {
    const form = () => document.getElementById(formId);
    // A field focused by autofocus is not yet a resident at work: the first
    // key, tap or input is (the browser keeps what is typed meanwhile).
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && form()?.contains(event.target)) begin();
    };
    for (const name of EVENTS) document.addEventListener(name, onEvent, true);
    return () => {
      for (const name of EVENTS) document.removeEventListener(name, onEvent, true);
    };
  }, [formId, begin]);
}

/**
 * A form component loaded on demand. `formId` is the id of its <form> (or
 * how to find it from the props); `load` imports the component. With
 * `atOnce`, the module is fetched as soon as the page hydrates: for a part
 * that is not on a page's first view (a later step of a wizard) and that must
 * come alive by itself when it is (a countdown).
 */
export function deferred<P extends object>(
  formId: string | ((props: P) => string),
  load: () => Promise<ComponentType<P>>,
  { atOnce = false }: { atOnce?: boolean } = {},
) {
  let begin: () => void = () => {};
  const begun = new Promise<void>((resolve) => {
    begin = resolve;
  });
  const idOf = (props: P) => (typeof formId === "function" ? formId(props) : formId);
  let lastId = "";
  // When the module cannot be fetched (a dropped connection; browsers do not
  // retry a failed import), the server's form stays as it is and works as
  // plain HTML. A form that came with a client-side navigation has no server
  // HTML to stay: the page is loaded afresh instead, as React Router does
  // when a route's module fails.
  const orKeepTheHtml = (error: unknown): Promise<ComponentType<P>> => {
    console.warn("A form's code could not be loaded; it stays a plain form.", error);
    if (!document.getElementById(lastId)) window.location.reload();
    return new Promise(() => {});
  };
  // On the server the module is imported at once (and cached), so the HTML is whole.
  const Lazy = lazy(() =>
    (import.meta.env.SSR ? load() : begun.then(load).catch(orKeepTheHtml)).then((Component) => ({
      default: function Enhanced(props: P) {
        // A marker for tests, like html[data-hydrated]: this form is now React's.
        const id = idOf(props);
        useEffect(() => {
          document.getElementById(id)?.setAttribute("data-enhanced", "true");
        }, [id]);
        return <Component {...props} />;
      },
    })),
  );

  function Deferred(props: P) {
    lastId = idOf(props);
    if (atOnce) begin();
    // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: one branch per bundle
    else if (!import.meta.env.SSR) useLoadWhenNeeded(idOf(props), begin);
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
