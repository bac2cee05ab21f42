import { defineForm } from "~/forms/define";

export const profileForm = defineForm({
  id: "profile-data",
  schema: () => import("~/schemas/profile").then((m) => m.ProfileSchema),
  component: () => import("~/components/profile/profile-forms").then((m) => m.ProfileForm),
});

export const passwordForm = defineForm({
  id: "profile-password",
  schema: () => import("~/schemas/profile").then((m) => m.PasswordSchema),
  component: () => import("~/components/profile/profile-forms").then((m) => m.PasswordForm),
});
