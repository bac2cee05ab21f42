import { defineForm } from "~/forms/define";

export const registrationEmailForm = defineForm({
  id: "register-email",
  schema: () => import("~/schemas/auth").then((m) => m.EmailStepSchema),
  component: () => import("~/components/auth/email-step").then((m) => m.EmailStep),
});

/** Later steps load with the page that shows them, so the resend countdown ticks. */
export const registrationCodeForm = defineForm({
  id: "register-code",
  schema: () => import("~/schemas/auth").then((m) => m.CodeStepSchema),
  component: () => import("~/components/auth/registration-steps").then((m) => m.CodeStep),
  atOnce: true,
});

export const registrationProfileForm = defineForm({
  id: "register-profile",
  schema: () => import("~/schemas/auth").then((m) => m.ProfileStepSchema),
  component: () => import("~/components/auth/registration-steps").then((m) => m.ProfileStep),
  atOnce: true,
});
