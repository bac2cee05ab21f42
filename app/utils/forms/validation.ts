/**
 * conform's `onValidate` for a form with its own formNoValidate buttons (the
 * code steps' «Назад» and «Отправить повторно»); every other form writes
 * conform's `({ formData }) => parseWithZod(formData, { schema })`
 * (docs/decisions/030-forms-in-conforms-shape.md). The server validates
 * anyway: without JavaScript it is the only check.
 */
import { INTENT } from "@conform-to/dom";
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";

import { z } from "~/utils/schemas/zod";

export type Validate<Schema extends z.ZodType> = (context: {
  formData: FormData;
  submitter: HTMLInputElement | HTMLButtonElement | null;
}) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * conform's onValidate for a schema, except that the form's own buttons
 * marked formNoValidate («Назад», «Отправить повторно») submit without it,
 * as they do without JavaScript. conform's validation button (named
 * `INTENT`, itself marked formNoValidate) is not one of them: skipping it
 * would clear every message as soon as a key is pressed.
 */
export function validateWith<Schema extends z.ZodType>(schema: Schema): Validate<Schema> {
  return ({ formData, submitter }) => {
    if (submitter && submitter.formNoValidate && submitter.name !== INTENT) {
      return parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as ReturnType<
        Validate<Schema>
      >;
    }
    return parseWithZod(formData, { schema }) as unknown as ReturnType<Validate<Schema>>;
  };
}
