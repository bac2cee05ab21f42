/** Pieces shared by the registration and reset actions. */
import type { SubmissionResult } from "@conform-to/react";
import { ApiError } from "~/api/errors";
import { formatCountdown } from "~/utils/countdown";

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/**
 * The backend's errors beside the fields they name (`attr`), the rest above
 * the form. A 429 says when a new code can be asked for.
 */
export function replyWithApiError(
  reply: Reply,
  error: ApiError,
  fields: readonly string[],
  t: (key: string, options?: Record<string, unknown>) => string,
  hideFields: string[] = [],
) {
  if (error.status === 429) {
    const seconds = error.retryAfter ?? 60;
    return reply({ formErrors: [t("register.throttled", { time: formatCountdown(seconds) })], hideFields });
  }
  const byField = error.fieldErrors(fields);
  const { "": general = [], ...fieldErrors } = byField;
  return reply({ formErrors: general, fieldErrors, hideFields });
}
