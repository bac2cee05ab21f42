/**
 * Field rules shared by the browser (conform) and the server (actions). Error
 * messages are keys of the `errors` namespace; the field components
 * translate them, and pass the backend's own Russian texts through as they are.
 */
import { c1Controls, invisibleChars } from "~/utils/format/unsafe-chars";
import { z } from "~/utils/schemas/zod";

export const emailField = z
  .string({ error: "errors:required" })
  .trim()
  .pipe(z.email({ error: "errors:email" }));

export const requiredText = z.string({ error: "errors:required" });

export const newPasswordField = z
  .string({ error: "errors:required" })
  .min(8, { error: "errors:passwordMin" });

/**
 * What a one-line text (a name, a title) never holds: control characters
 * (ESC starts a terminal's escape sequence, CR/LF split a log line), the
 * invisible and bidirectional ones (a name that shows as another), and what
 * is not a character at all (noncharacters, lone surrogates). Refused with a
 * message beside the field, not removed: the person sees what was wrong.
 */
const notOneLineText = new RegExp(
  `[\\u0000-\\u001F${c1Controls}${invisibleChars}\\uFFFE\\uFFFF]|\\p{Cs}`,
  "u",
);

/** A trimmed one-line text of `min` to `max` characters, without hidden characters. */
export const lineText = (min: number, max: number, minError: string) =>
  z
    .string({ error: "errors:required" })
    .trim()
    // First, and alone: "too short" beside it would send the person looking for the wrong problem.
    .refine((value) => !notOneLineText.test(value), { error: "errors:hiddenChars", abort: true })
    .min(min, { error: minError })
    .max(max, { error: "errors:max" });

export const nameField = lineText(2, 120, "errors:nameMin");

export const optionalNameField = lineText(2, 120, "errors:nameMin").optional();

/**
 * Controls a multi-line text (a post's body) never needs: every C0 control but
 * tab, LF and CR, and DEL. Removed rather than refused: pasted from an office
 * suite they are invisible, and the administrator could not find them.
 */
// eslint-disable-next-line no-control-regex
const bodyControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export const stripBodyControls = (value: string) => value.replace(bodyControls, "");

/** Digits of a Russian phone, as the backend stores it: 11 digits starting with 7. */
export function normalizePhone(value: string) {
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("8")) digits = `7${digits.slice(1)}`;
  if (digits.length === 10) digits = `7${digits}`;
  return digits;
}

export const optionalPhoneField = z
  .string()
  .trim()
  .transform(normalizePhone)
  .pipe(z.string().regex(/^7\d{10}$/, { error: "errors:phone" }))
  .optional();

/**
 * The e-mailed code: four digits, 1000 to 9999 (sent as a number, so never a
 * leading zero). A four-digit value outside that range is told as such.
 */
export const codeField = z.coerce
  .string({ error: "errors:code" })
  .trim()
  // Alone when it fails: nothing typed, or letters, "never starts with a zero" would not apply.
  .regex(/^\d{4}$/, { error: "errors:code", abort: true })
  .regex(/^[1-9]/, { error: "errors:codeRange" })
  .transform(Number);

/**
 * A ticked checkbox: the browser sends "on"; unticked, it sends nothing. A
 * refinement of anything, not a literal or a string: their "missing" stops
 * the form's own checks (passwords that differ) from being said in the same
 * answer.
 */
export const consentField = z
  .unknown()
  .refine((value) => value === "on", { error: "errors:consentRequired" });
