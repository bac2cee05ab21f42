import { defineForm } from "~/forms/define";

export const resetEmailForm = defineForm({
  id: "reset-email",
  schema: () => import("~/schemas/auth").then((m) => m.EmailStepSchema),
  component: () => import("~/components/auth/email-step").then((m) => m.EmailStep),
});

/** Loads with the page that shows it, so the resend countdown ticks. */
export const resetCodeForm = defineForm({
  id: "reset-code",
  schema: () => import("~/schemas/auth").then((m) => m.ResetSchema),
  component: () => import("~/components/auth/reset-step").then((m) => m.ResetCodeStep),
  atOnce: true,
});
