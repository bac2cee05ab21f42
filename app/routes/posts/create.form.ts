import { defineForm } from "~/forms/define";

export const postCreateForm = defineForm({
  id: "post-create",
  schema: () => import("~/schemas/admin").then((m) => m.PostSchema),
  component: () => import("~/components/admin/post-form").then((m) => m.PostForm),
});
