import { defineForm } from "~/forms/define";

export const postEditForm = defineForm({
  id: "post-edit",
  schema: () => import("~/schemas/admin").then((m) => m.PostSchema),
  component: () => import("~/components/admin/post-form").then((m) => m.PostForm),
});
