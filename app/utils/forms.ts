import { useEffect } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { Submission, SubmissionResult } from "@conform-to/react";

/** The first field with an error, so a page rendered without JavaScript can autofocus it. */
export function firstInvalidField(result: SubmissionResult<string[]> | undefined | null, order: string[]) {
  const errors = result?.error;
  if (!errors) return undefined;
  return order.find((name) => (errors[name]?.length ?? 0) > 0);
}


/**
 * conform's onValidate for a schema, except that buttons marked
 * formNoValidate («Назад», «Отправить повторно») submit without it, as
 * they do without JavaScript.
 */
export function validateWith<Schema extends z.ZodType>(schema: Schema) {
  type Result = Submission<Record<string, unknown>, string[], z.output<Schema>>;
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLElement | null }): Result => {
    if (submitter && (submitter as HTMLButtonElement).formNoValidate) {
      return parseWithZod(formData, { schema: z.looseObject({}) }) as unknown as Result;
    }
    return parseWithZod(formData, { schema }) as unknown as Result;
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
