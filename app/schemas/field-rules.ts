/**
 * Field rules shared by the browser (conform) and the server (actions). Error
 * messages are keys of the `errors` namespace; the field components
 * translate them, and pass the backend's own Russian texts through as they are.
 */
import { z } from "zod";

export const emailField = z
  .string({ error: "required" })
  .trim()
  .pipe(z.email({ error: "email" }));

export const requiredText = z.string({ error: "required" });

export const newPasswordField = z.string({ error: "required" }).min(8, { error: "passwordMin" });

export const nameField = z
  .string({ error: "required" })
  .trim()
  .min(2, { error: "nameMin" })
  .max(120, { error: "max" });

export const optionalNameField = z
  .string()
  .trim()
  .min(2, { error: "nameMin" })
  .max(120, { error: "max" })
  .optional();

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
  .pipe(z.string().regex(/^7\d{10}$/, { error: "phone" }))
  .optional();

/**
 * The e-mailed code: four digits, 1000 to 9999 (sent as a number, so never a
 * leading zero). A four-digit value outside that range is told as such.
 */
export const codeField = z.coerce
  .string({ error: "code" })
  .trim()
  .regex(/^\d{4}$/, { error: "code" })
  .regex(/^[1-9]/, { error: "codeRange" })
  .transform(Number);
