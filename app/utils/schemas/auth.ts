import { z } from "~/utils/schemas/zod";

import {
  codeField,
  consentField,
  emailField,
  nameField,
  newPasswordField,
  optionalNameField,
  optionalPhoneField,
  requiredText,
} from "./field-rules";

export const LoginSchema = z.object({
  email: emailField,
  password: requiredText,
  redirectTo: z.string().optional(),
});

export const EmailStepSchema = z.object({ email: emailField });

/**
 * Registration's first step: the e-mail is personal data, so the separate,
 * explicit consent 152-ФЗ asks for is given before it is sent (a ticked box,
 * checked here as in the browser).
 */
export const RegistrationEmailSchema = EmailStepSchema.extend({ consent: consentField });

export const CodeStepSchema = z.object({ code: codeField });

/** «Отправить повторно» on a code step: nothing to read but the button (its form's fields are not checked). */
export const ResendSchema = z.object({ intent: z.literal("resend") });

function passwordsMatch(
  value: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: "custom",
      path: ["password_confirmation"],
      message: "errors:passwordsMismatch",
    });
  }
}

export const ProfileStepSchema = z
  .object({
    code: codeField,
    password: newPasswordField,
    password_confirmation: requiredText,
    first_name: nameField,
    middle_name: optionalNameField,
    last_name: nameField,
    phone: optionalPhoneField,
  })
  .superRefine(passwordsMatch);

export const ResetSchema = z
  .object({
    code: codeField,
    password: newPasswordField,
    password_confirmation: requiredText,
  })
  .superRefine(passwordsMatch);
