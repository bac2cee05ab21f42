/**
 * The HTML validation attributes (required, minLength, pattern…) of each
 * form, derived from its shared schema on the server and handed to the page
 * by its loader: the browser then renders them without loading zod, which it
 * fetches only when the resident starts on the form (useValidation).
 */
import { getZodConstraint } from "@conform-to/zod/v4";
import type { Constraints } from "~/utils/forms";
import { PostSchema, UserCreateSchema, UserEditSchema } from "./admin";
import { CodeStepSchema, EmailStepSchema, LoginSchema, ProfileStepSchema, ResetSchema } from "./auth";
import { AttachSchema, PasswordSchema, ProfileSchema } from "./profile";

const of = (schema: Parameters<typeof getZodConstraint>[0]): Constraints => getZodConstraint(schema);

export const constraints = {
  login: of(LoginSchema),
  emailStep: of(EmailStepSchema),
  codeStep: of(CodeStepSchema),
  profileStep: of(ProfileStepSchema),
  reset: of(ResetSchema),
  attach: of(AttachSchema),
  profile: of(ProfileSchema),
  password: of(PasswordSchema),
  post: of(PostSchema),
  userCreate: of(UserCreateSchema),
  userEdit: of(UserEditSchema),
};
