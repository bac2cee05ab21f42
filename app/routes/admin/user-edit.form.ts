import { defineForm } from "~/forms/define";

export const userEditForm = defineForm({
  id: "user-edit",
  schema: () => import("~/schemas/admin").then((m) => m.UserEditSchema),
  component: () => import("~/components/admin/user-form").then((m) => m.UserForm),
});
