/** Small helpers a form component uses after the server answered it. */
import { useEffect } from "react";
import type { SubmissionResult } from "@conform-to/react";

/** The first field with an error, so a page rendered without JavaScript can autofocus it. */
export function firstInvalidField(result: SubmissionResult<string[]> | undefined | null, order: string[]) {
  const errors = result?.error;
  if (!errors) return undefined;
  return order.find((name) => (errors[name]?.length ?? 0) > 0);
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
