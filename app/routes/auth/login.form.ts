import { defineForm } from "~/forms/define";

export const loginForm = defineForm({
  id: "login",
  schema: () => import("~/schemas/auth").then((m) => m.LoginSchema),
  component: () => import("~/components/auth/login-form").then((m) => m.LoginForm),
});
