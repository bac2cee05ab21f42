import type { SubmissionResult } from "@conform-to/react";

/** The first field with an error, so a page rendered without JavaScript can autofocus it. */
export function firstInvalidField(result: SubmissionResult<string[]> | undefined | null, order: string[]) {
  const errors = result?.error;
  if (!errors) return undefined;
  return order.find((name) => (errors[name]?.length ?? 0) > 0);
}
