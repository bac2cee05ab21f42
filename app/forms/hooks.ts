import { useCallback, useEffect, useRef, useState } from "react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type { FormProps } from "./define";
import { typedInto } from "./lazy-form";
import type { Validate } from "./validation";

import type { Constraints } from "./reply";

export type { Constraints };

/** The first field with an error, so a page rendered without JavaScript can autofocus it. */
export function firstInvalidField(result: SubmissionResult<string[]> | undefined | null, order: string[]) {
  const errors = result?.error;
  if (!errors) return undefined;
  return order.find((name) => (errors[name]?.length ?? 0) > 0);
}

/**
 * Live validation with a shared schema, loaded when the resident starts on the
 * form (a key, a tap, a focus), so a first visit does not pay for zod. Until
 * it arrives conform validates only on submit, which the server answers as it
 * does without JavaScript; then errors follow every keystroke.
 *
 *   const validation = useValidation(() => import("~/schemas/auth").then((m) => m.LoginSchema));
 *   useForm({ ..., ...validation.options });  <Form {...getFormProps(form)} {...validation.triggers}>
 */
export function useValidation<Schema extends z.ZodType>(load: () => Promise<Schema>) {
  const [onValidate, setOnValidate] = useState<Validate<Schema>>();
  const loadRef = useRef(load);
  loadRef.current = load;
  const started = useRef(false);
  const start = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([loadRef.current(), import("./validation")]).then(
      ([schema, { validateWith }]) => setOnValidate(() => validateWith(schema)),
      // Offline for a moment: the server still validates; try again on the next key.
      () => {
        started.current = false;
      },
    );
  }, []);
  return {
    options: {
      onValidate,
      shouldValidate: "onSubmit" as const,
      shouldRevalidate: onValidate ? ("onInput" as const) : ("onSubmit" as const),
    },
    triggers: { onFocus: start, onKeyDown: start, onPointerDown: start, onInput: start },
    start,
    ready: onValidate !== undefined,
  };
}

/**
 * After the server answered a form, passwords are not kept (the server
 * already leaves them out of its reply; with JavaScript the inputs still
 * hold what was typed, so clear them).
 */
export function useClearPasswords(result: unknown, ids: Array<string | undefined>) {
  useEffect(() => {
    if (!result) return;
    for (const id of ids) {
      const input = id ? (document.getElementById(id) as HTMLInputElement | null) : null;
      if (input) input.value = "";
    }
    // ids are stable for the life of a form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
}

/** The values a schema reads, as conform types its fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound
type FormValue<Schema extends z.ZodType> = z.input<Schema> extends Record<string, any> ? z.input<Schema> : Record<string, any>;

/**
 * A defined form's conform state: its id, constraints, last result and live
 * validation come from its definition and its page (FormProps); its fields
 * are typed by the schema.
 *
 *   const [form, fields, formProps] = useDefinedForm(props, { defaultValue: { email } });
 *   <Form method="POST" className="form" {...formProps}>
 */
export function useDefinedForm<Schema extends z.ZodType>(
  props: FormProps<Schema>,
  options: { defaultValue?: Parameters<typeof useForm<FormValue<Schema>>>[0]["defaultValue"] } = {},
) {
  const validation = useValidation(props.schema);
  const [form, fields] = useForm<FormValue<Schema>, z.output<Schema>>({
    id: props.id,
    constraint: props.constraint,
    lastResult: props.result,
    defaultValue: options.defaultValue,
    ...(validation.options as Omit<Parameters<typeof useForm<FormValue<Schema>, z.output<Schema>>>[0], "id">),
  });
  useCatchUpAfterLoad(props.id, props.result, validation, form.validate);
  // Typed into before this code arrived (keys that brought it, or typed before the page's
  // scripts ran): the resident has started, so the validator comes now, not at the next key.
  const { start } = validation;
  useEffect(() => {
    const element = document.getElementById(props.id);
    if (element instanceof HTMLFormElement && typedInto(element)) start();
  }, [props.id, start]);
  return [form, fields, { ...getFormProps(form), ...validation.triggers }] as const;
}

/**
 * A form the server answered (a submit made before its code arrived) may be
 * corrected before it is React's: conform never saw those keys, so the
 * server's messages would stay beside fields already fixed. Once the form and
 * its validator are here, every field whose value is no longer the one
 * submitted is checked again, as if typed now. Unchanged fields keep the
 * server's word (a number the backend does not know stays refused).
 */
function useCatchUpAfterLoad(
  id: string,
  result: SubmissionResult<string[]> | undefined,
  validation: { start: () => void; ready: boolean },
  validate: (options: { name: string }) => void,
) {
  const caughtUp = useRef<unknown>(null);
  const { start, ready } = validation;
  useEffect(() => {
    if (!result?.error || caughtUp.current === result) return;
    if (!ready) return start();
    caughtUp.current = result;
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement)) return;
    const now = new FormData(element);
    for (const [name, submitted] of Object.entries(result.initialValue ?? {})) {
      const value = now.get(name);
      if (typeof submitted === "string" && typeof value === "string" && value !== submitted) validate({ name });
    }
  }, [id, result, ready, start, validate]);
}
