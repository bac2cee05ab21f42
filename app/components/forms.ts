/**
 * Every form of the portal, as the pages use it: rendered whole by the
 * server, its code loaded when the resident starts on it (see
 * app/utils/deferred.tsx). Later steps of a wizard load with the page that
 * shows them (`atOnce`), so the resend countdown ticks by itself.
 */
import { deferred } from "~/utils/deferred";

export const LoginForm = deferred("login", () => import("./auth/login-form").then((m) => m.LoginForm));

/** The first step of registration and of the password reset. */
export const EmailStep = deferred(
  (props) => props.id,
  () => import("./auth/email-step").then((m) => m.EmailStep),
);

export const RegistrationCodeStep = deferred(
  "register-code",
  () => import("./auth/registration-steps").then((m) => m.CodeStep),
  { atOnce: true },
);

export const RegistrationProfileStep = deferred(
  "register-profile",
  () => import("./auth/registration-steps").then((m) => m.ProfileStep),
  { atOnce: true },
);

export const ResetCodeStep = deferred(
  "reset-code",
  () => import("./auth/reset-step").then((m) => m.ResetCodeStep),
  { atOnce: true },
);

export const ProfileForm = deferred("profile-data", () => import("./profile/profile-forms").then((m) => m.ProfileForm));

export const PasswordForm = deferred("profile-password", () => import("./profile/profile-forms").then((m) => m.PasswordForm));

export const AttachForm = deferred("attach-account", () => import("./accounts/attach-form").then((m) => m.AttachForm));

export const PostForm = deferred(
  (props) => props.id,
  () => import("./admin/post-form").then((m) => m.PostForm),
);

export const UserForm = deferred(
  (props) => `user-${props.mode}`,
  () => import("./admin/user-form").then((m) => m.UserForm),
);
