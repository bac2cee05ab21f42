/**
 * Client-side validation with the shared zod schemas. Loaded on demand by
 * useValidation (see forms.ts): zod is a fifth of a first visit's JavaScript,
 * and a page that is only read never needs it. The server validates anyway.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

export type Validate<Schema extends z.ZodType> = (context: {
  formData: FormData;
  submitter: HTMLInputElement | HTMLButtonElement | null;
}) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/**
 * conform's onValidate for a schema, except that buttons marked
 * formNoValidate («Назад», «Отправить повторно») submit without it, as
 * they do without JavaScript.
 */
export function validateWith<Schema extends z.ZodType>(schema: Schema): Validate<Schema> {
  return ({ formData, submitter }) => {
    if (submitter && submitter.formNoValidate) {
      return parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as ReturnType<Validate<Schema>>;
    }
    return parseWithZod(formData, { schema }) as unknown as ReturnType<Validate<Schema>>;
  };
}
