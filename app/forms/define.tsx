/**
 * A form of the portal, declared once beside its route (`app/routes/**\/*.form.ts`):
 *
 *   export const loginForm = defineForm({
 *     id: "login",
 *     schema: () => import("~/schemas/auth").then((m) => m.LoginSchema),
 *     component: () => import("~/components/auth/login-form").then((m) => m.LoginForm),
 *   });
 *
 * From it come the page's form (`<loginForm.Form constraint={…} actionData={actionData} />`,
 * its code loaded when the resident starts on it: app/forms/lazy-form.tsx), the
 * constraints a loader hands to the page and the action's submission handler
 * (app/forms/submission.server.ts), and the browser validator (the schema,
 * imported when the form is first used). The component gets the form's id
 * from here (`FormProps`), so the id is written once. See docs/decisions/012-forms.md.
 */
import type { SubmissionResult } from "@conform-to/react";
import { lazy, type ComponentType } from "react";
import type { z } from "zod";
import type { Constraints, FormReply } from "./reply";
import { LazyForm } from "./lazy-form";

/** What a form component receives from its definition and its page. */
export type { FormReply };

export interface FormProps<Schema extends z.ZodType = z.ZodType> {
  /** The <form>'s id, from the definition: a component never names its own. */
  id: string;
  /** The HTML validation attributes, computed on the server (constraintsOf). */
  constraint: Constraints;
  /** The server's answer to the last submission of this form. */
  result?: SubmissionResult<string[]>;
  /** The schema, imported when the resident starts on the form (useValidation). */
  schema: () => Promise<Schema>;
}

/** The props a page gives a defined form: the component's own, and the action's data (whatever form it is about). */
export type PageFormProps<P> = Omit<P, keyof FormProps> & {
  constraint: Constraints;
  /** The action's data: the form's result when it is about this form (`form` is its id). */
  actionData?: object | null;
};

export interface FormDefinition<Schema extends z.ZodType = z.ZodType, P extends FormProps<Schema> = FormProps<Schema>> {
  readonly id: string;
  readonly schema: () => Promise<Schema>;
  readonly component: () => Promise<ComponentType<P>>;
  /** Fetch the code as soon as the page hydrates (a later wizard step whose countdown must tick). */
  readonly atOnce: boolean;
  /** The form as pages render it. */
  readonly Form: ComponentType<PageFormProps<P>>;
}

/** The schema a component's props expect (one, or any of several for a component two forms share). */
type SchemaOf<P> = P extends FormProps<infer Schema> ? Schema : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the component names its own
export function defineForm<P extends FormProps<any>, Schema extends SchemaOf<P>>(definition: {
  id: string;
  schema: () => Promise<Schema>;
  component: () => Promise<ComponentType<P>>;
  atOnce?: boolean;
}): FormDefinition<Schema, P & FormProps<Schema>> {
  const defined = {
    id: definition.id,
    schema: definition.schema,
    component: definition.component,
    atOnce: definition.atOnce ?? false,
  };
  // On the server the component is imported at the first render and kept (React's lazy).
  const Server = import.meta.env.SSR ? lazy(() => definition.component().then((Component) => ({ default: Component }))) : null;
  const loading = { ...defined, Server };
  function Form({ actionData, ...rest }: PageFormProps<P>) {
    const reply = actionData as Partial<FormReply> | null | undefined;
    const result = reply?.form === defined.id ? reply.result : undefined;
    const props = { ...rest, id: defined.id, schema: defined.schema, result } as unknown as P;
    return <LazyForm definition={loading} props={props} />;
  }
  Form.displayName = `Form(${definition.id})`;
  return { ...defined, Form };
}
