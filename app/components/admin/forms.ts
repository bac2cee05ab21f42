/**
 * The administrators' post and user forms, loaded when they are used (see
 * app/utils/deferred.tsx), like every other form of the portal.
 */
import { deferred } from "~/utils/deferred";

export const PostForm = deferred(
  (props) => props.id,
  () => import("./post-form").then((m) => m.PostForm),
);

export const UserForm = deferred(
  (props) => `user-${props.mode}`,
  () => import("./user-form").then((m) => m.UserForm),
);
