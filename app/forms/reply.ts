/**
 * What an action answers about a form (app/forms/submission.server.ts), as the
 * page reads it: which form (its `useForm` id) and conform's result.
 */
import type { SubmissionResult } from "@conform-to/react";

/** A form's HTML validation attributes by field, from its schema (conform's getZodConstraint). */
export type Constraints = ReturnType<typeof import("@conform-to/zod/v4").getZodConstraint>;

export interface FormReply {
  form: string;
  result: SubmissionResult<string[]>;
}

/**
 * conform's `lastResult` for the form `id` from a route's action data: a page
 * with two forms shows each answer beside the form it is about.
 */
export function resultFor(actionData: unknown, id: string): SubmissionResult<string[]> | undefined {
  const reply = actionData as Partial<FormReply> | null | undefined;
  return reply?.form === id ? reply.result : undefined;
}
