import { defineForm } from "~/forms/define";

export const userCreateForm = defineForm({
  id: "user-create",
  schema: () => import("~/schemas/admin").then((m) => m.UserCreateSchema),
  component: () => import("~/components/admin/user-form").then((m) => m.UserForm),
});
