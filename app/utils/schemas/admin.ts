import { z } from "~/utils/schemas/zod";

import {
  emailField,
  lineText,
  nameField,
  newPasswordField,
  optionalNameField,
  optionalPhoneField,
  stripBodyControls,
} from "./field-rules";

export const PostSchema = z.object({
  title: lineText(1, 255, "errors:required"),
  // 10 000 characters fit the 64 KB form limit (server/edge.ts) even URL-encoded
  // (6 bytes a character at worst): a long post is refused beside the field, not by a 413.
  text: z
    .string({ error: "errors:required" })
    .overwrite(stripBodyControls)
    .trim()
    .min(1, { error: "errors:required" })
    .max(10_000, { error: "errors:max" }),
  is_actual: z.boolean().default(false),
});

const userFields = {
  email: emailField,
  first_name: nameField,
  middle_name: optionalNameField,
  last_name: nameField,
  phone: optionalPhoneField,
  is_admin: z.boolean().default(false),
  is_active: z.boolean().default(false),
};

export const UserCreateSchema = z.object({ ...userFields, password: newPasswordField });

/** Editing: the password only when a new one is typed. */
export const UserEditSchema = z.object({ ...userFields, password: newPasswordField.optional() });
