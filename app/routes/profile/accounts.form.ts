import { defineForm } from "~/forms/define";

export const attachForm = defineForm({
  id: "attach-account",
  schema: () => import("~/schemas/profile").then((m) => m.AttachSchema),
  component: () => import("~/components/accounts/attach-form").then((m) => m.AttachForm),
});
