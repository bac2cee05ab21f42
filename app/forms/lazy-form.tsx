/**
 * A form whose JavaScript is fetched when the resident needs it
 * (docs/decisions/006-performance-budgets.md, 012-forms.md).
 *
 * The server renders the form whole. In the browser it stays that HTML, a
 * plain form that already works, until the resident touches it (a key, a
 * tap, an input, a focus that moves into it) or the router gets busy (a
 * navigation, a revalidation, a fetcher: React delays such updates until a
 * dehydrated part can hydrate, so its code must be on its way). Then the
 * component's module arrives and React hydrates the form in place, keeping
 * what was typed and where the focus is.
 *
 * How: the component is read with `use()` from a promise that settles once
 * the module has loaded; while it is pending, the Suspense boundary the
 * server rendered stays dehydrated (the server's HTML). A form that appears
 * after the first hydration has no server HTML: its boundary shows the
 * fallback, whose mount is the signal to load at once. `atOnce` loads as
 * soon as the page hydrates (a later wizard step with a countdown).
 *
 * When the module cannot be fetched (a dropped connection), the server's
 * form stays as it is and works as plain HTML; the next touch tries again.
 * A form that came with a client-side navigation has no HTML to fall back
 * on: the error reaches the route's error boundary, which offers a reload.
 */
import { Suspense, use, useEffect, useMemo, useState, type ComponentType } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import type { FormDefinition, FormProps } from "./define";

const EVENTS = ["focusin", "pointerdown", "keydown", "input"] as const;

interface Definition<P extends FormProps> extends Pick<FormDefinition, "id" | "atOnce"> {
  component: () => Promise<ComponentType<P>>;
  /** The server's copy: React's `lazy` of `component`, imported at the first render and kept. */
  Server: ComponentType<P> | null;
}

/** A signal fired by the resident's touches: `next()` settles at the next `fire()`. */
export function createSignal() {
  let waiting: Array<() => void> = [];
  return {
    fire() {
      const resolvers = waiting;
      waiting = [];
      for (const resolve of resolvers) resolve();
    },
    next() {
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
}

/**
 * The component, once asked for (`signal`) and fetched; a failed fetch waits
 * for the next signal when the server's form is on the page (`hasHtml`), and
 * rejects otherwise.
 */
export function loadOnSignal<C>(load: () => Promise<C>, signal: ReturnType<typeof createSignal>, hasHtml: () => boolean): Promise<C> {
  const attempt = (): Promise<C> =>
    load().catch((error: unknown) => {
      if (!hasHtml()) throw error;
      console.warn("A form's code could not be loaded; it stays a plain form until the next try.", error);
      return signal.next().then(attempt);
    });
  return signal.next().then(attempt);
}

function Loaded<P extends FormProps>({ component, props }: { component: Promise<ComponentType<P>>; props: P }) {
  const Component = use(component);
  // A marker for tests, like html[data-hydrated]: this form is now React's.
  useEffect(() => {
    document.getElementById(props.id)?.setAttribute("data-enhanced", "true");
  }, [props.id]);
  return <Component {...props} />;
}

/** Whether any field of the form no longer holds what the server's HTML gave it. */
export function typedInto(form: HTMLFormElement) {
  return [...form.elements].some((element) => {
    if (element instanceof HTMLInputElement) {
      return element.type === "checkbox" || element.type === "radio" ? element.checked !== element.defaultChecked : element.value !== element.defaultValue;
    }
    if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
    if (element instanceof HTMLSelectElement) return [...element.options].some((option) => option.selected !== option.defaultSelected);
    return false;
  });
}

/** Shown only when the boundary renders in the browser (a form that came after the first hydration): load now. */
function LoadNow({ fire }: { fire: () => void }) {
  useEffect(fire, [fire]);
  return null;
}

function BrowserForm<P extends FormProps>({ definition, props }: { definition: Definition<P>; props: P }) {
  const { id } = props;
  const [signal] = useState(createSignal);
  const [component] = useState(() => loadOnSignal(definition.component, signal, () => document.getElementById(id) !== null));

  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    if (busy || definition.atOnce) signal.fire();
  }, [busy, definition.atOnce, signal]);

  useEffect(() => {
    // A field focused by autofocus is not yet a resident at work: the first
    // key, tap, input or move of the focus is (the browser keeps what is typed meanwhile).
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && document.getElementById(id)?.contains(event.target)) signal.fire();
    };
    for (const name of EVENTS) document.addEventListener(name, onEvent, true);
    // The page's scripts start after its first paint: a resident may have typed before they ran.
    const form = document.getElementById(id);
    if (form instanceof HTMLFormElement && typedInto(form)) signal.fire();
    return () => {
      for (const name of EVENTS) document.removeEventListener(name, onEvent, true);
    };
  }, [id, signal]);

  // The same element while the props are the same: a re-render of this
  // component alone (the router's state) is no update to the dehydrated boundary.
  return useMemo(
    () => (
      <Suspense fallback={<LoadNow fire={signal.fire} />}>
        <Loaded component={component} props={props} />
      </Suspense>
    ),
    [component, props, signal],
  );
}

/** On the server the module is imported at once (and cached by React's lazy), so the HTML is whole. */
function ServerForm<P extends FormProps>({ definition, props }: { definition: Definition<P>; props: P }) {
  const Component = definition.Server!;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}

export const LazyForm = import.meta.env.SSR ? ServerForm : BrowserForm;
