/**
 * Route modules by path. The names, access levels and menu of these pages
 * live in app/site-map/pages.ts; keep the two in step.
 */
import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  // Resource routes: forms post here; locale files are served here.
  route("resources/theme", "routes/resources/theme.tsx"),
  route("resources/language", "routes/resources/language.tsx"),
  route("resources/logout", "routes/resources/logout.tsx"),
  route("locales/:lng/:ns", "routes/resources/locales.ts"),
  route("media/*", "routes/resources/media.ts"),
  route("posts/feed.xml", "routes/posts/feed.ts"),

  // Every page sits under the access layout: its middleware checks the site
  // map before any loader runs, and its boundary renders errors in the shell.
  layout("routes/_access.tsx", [
    index("routes/home.tsx"),
    ...prefix("auth", [
      index("routes/auth/login.tsx"),
      route("registration", "routes/auth/registration.tsx"),
      route("reset", "routes/auth/reset.tsx"),
    ]),
    ...prefix("about", [
      index("routes/about/index.tsx"),
      route("credits", "routes/about/credits.tsx"),
      route("structure", "routes/about/structure.tsx"),
      route("info", "routes/about/info.tsx"),
      route("info/item/:reportId", "routes/about/report.tsx"),
    ]),
    route("profile", "routes/profile/layout.tsx", [
      index("routes/profile/index.tsx"),
      route("accounts", "routes/profile/accounts.tsx"),
      route("accounts/:accountId/detach", "routes/profile/detach.tsx"),
      route("altpayment", "routes/profile/altpayment.tsx"),
    ]),
    ...prefix("posts", [
      index("routes/posts/index.tsx"),
      route("item/:postId", "routes/posts/item.tsx"),
      route("create", "routes/posts/create.tsx"),
    ]),
    ...prefix("documents", [
      index("routes/documents/index.tsx"),
      route(":slug", "routes/documents/document.tsx"),
    ]),
    ...prefix("rates", [index("routes/rates/index.tsx"), route("item/:rateId", "routes/rates/item.tsx")]),
    ...prefix("admin", [
      index("routes/admin/index.tsx"),
      route("posts", "routes/admin/posts.tsx"),
      route("posts/:postId/edit", "routes/admin/post-edit.tsx"),
      route("posts/:postId/delete", "routes/admin/post-delete.tsx"),
      route("posts/:postId/images", "routes/admin/post-images.ts"),
      route("images", "routes/admin/images.tsx"),
      route("images/:imageId/delete", "routes/admin/image-delete.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("users/new", "routes/admin/user-new.tsx"),
      route("users/:userId/edit", "routes/admin/user-edit.tsx"),
      route("users/:userId/delete", "routes/admin/user-delete.tsx"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
