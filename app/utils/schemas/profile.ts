import { z } from "~/utils/schemas/zod";

import {
  nameField,
  newPasswordField,
  optionalNameField,
  optionalPhoneField,
  requiredText,
} from "./field-rules";

export const ProfileSchema = z.object({
  first_name: nameField,
  middle_name: optionalNameField,
  last_name: nameField,
  phone: optionalPhoneField,
});

export const PasswordSchema = z
  .object({
    old_password: requiredText,
    password: newPasswordField,
    password_confirmation: requiredText,
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({
        code: "custom",
        path: ["password_confirmation"],
        message: "errors:passwordsMismatch",
      });
    }
  });

export const AttachSchema = z.object({
  id: z
    .string({ error: "errors:required" })
    .trim()
    .regex(/^\d{10}$/, { error: "errors:accountNumber" }),
  customer: z
    .string({ error: "errors:required" })
    .trim()
    .min(2, { error: "errors:nameMin" })
    .max(120, { error: "errors:max" }),
});
