/**
 * The portal's one source of truth for its pages: names (translation keys),
 * paths, the route module serving each, icons, children, who may open them,
 * which parts of the shell they hide, which the service worker keeps offline
 * and which take files. The menu, the breadcrumbs, the document title, the
 * worker's policy (app/pwa/policy.ts) and the upload limit (server/edge.ts)
 * all read this tree (paths.ts answers for a path without React Router), and
 * `app/routes.ts` is built from it: a page is added here, with its module.
 * Who may open a page is enforced by its module's middleware (`requireUser`…,
 * docs/decisions/046); `access` and `roles` here say the same for the menu
 * and the worker, and app/routes.test.ts fails when the two differ.
 */
export type Role = "admin" | "customer";

/**
 * - `all`: anyone (the module has no guard);
 * - `auth`: signed-in users only, the default (`requireUser`; with `roles: ["admin"]`, `requireAdmin`);
 * - `guest`: signed-out users only: sign-in, registration, reset (`requireGuest`).
 */
export type Access = "all" | "auth" | "guest";

export interface SiteEntry {
  /** Stable id, also used as the menu item's key. */
  id: string;
  /** Translation key of the entry's name; it may hold `{{placeholders}}`. */
  name: string;
  /**
   * Translation key of the page's meta description (search engines show it);
   * placeholders as in `name`. A route's `handle.description` may give its own.
   */
  description?: string;
  /** Full path pattern, React Router style (`/posts/item/:postId`). */
  path: string;
  /**
   * The route module serving this path, from `app/` (`routes/posts/item.tsx`);
   * `app/routes.ts` makes one route of each. An entry without one is a named
   * page of another entry's pattern (`/documents/privacy` of `/documents/:slug`).
   */
  module?: string;
  /** A layout module around this page and the pages below it (the profile's). */
  layout?: string;
  /** A name from the icon sprite (app/components/ui/icon-names.ts; a unit test checks it is one). */
  icon?: string;
  /**
   * Who may open it, as its module's guard says; inherited from the parent,
   * `auth` at the top. A path below it that no page declares keeps it.
   */
  access?: Access;
  /** Roles allowed; inherited from the parent; none means any role. */
  roles?: Role[];
  /** Not shown in menus (detail pages, resource routes). */
  hidden?: boolean;
  /** The left panel shows only a back-to-home link. */
  hideLeftPanel?: boolean;
  /** No top bar (reserved for full-screen pages). */
  hideHeader?: boolean;
  /** What a client-side navigation to this page shows while it loads. */
  skeleton?: "grid" | "detail";
  /** A resource route: no page, no breadcrumb. */
  resource?: boolean;
  /**
   * Public reading: the service worker keeps its signed-out copy for reading
   * offline (docs/decisions/016-offline.md), and a shared cache (nginx) may
   * keep its signed-out answer for seconds (037); inherited from the parent.
   * Only ever for pages anyone may open (`access: "all"`), never a resource route.
   */
  offline?: boolean;
  /** Its form takes files: the HTTP edge lets a multipart body grow to the upload limit. */
  uploads?: boolean;
  children?: SiteEntry[];
}

export const siteMap: SiteEntry[] = [
  {
    id: "home",
    name: "nav.home",
    description: "descriptions.home",
    path: "/",
    module: "routes/home.tsx",
    icon: "house",
    access: "all",
    offline: true,
  },
  {
    id: "auth",
    name: "nav.auth",
    description: "descriptions.auth",
    path: "/auth",
    module: "routes/auth/login.tsx",
    icon: "log-in",
    access: "guest",
    hidden: true,
    hideLeftPanel: true,
    children: [
      {
        id: "auth.registration",
        name: "nav.registration",
        description: "descriptions.registration",
        path: "/auth/registration",
        module: "routes/auth/registration.tsx",
      },
      {
        id: "auth.reset",
        name: "nav.reset",
        description: "descriptions.reset",
        path: "/auth/reset",
        module: "routes/auth/reset.tsx",
      },
    ],
  },
  {
    id: "about",
    name: "nav.about",
    description: "descriptions.about",
    path: "/about",
    module: "routes/about/index.tsx",
    icon: "building-2",
    access: "all",
    offline: true,
    children: [
      {
        id: "about.credits",
        name: "nav.credits",
        description: "descriptions.credits",
        path: "/about/credits",
        module: "routes/about/credits.tsx",
        icon: "landmark",
      },
      {
        id: "about.info",
        name: "nav.info",
        description: "descriptions.info",
        path: "/about/info",
        module: "routes/about/info.tsx",
        icon: "file-text",
        children: [
          {
            id: "about.info.item",
            name: "nav.reportItem",
            description: "descriptions.reportItem",
            path: "/about/info/item/:reportId",
            module: "routes/about/report.tsx",
            hidden: true,
            skeleton: "detail",
          },
        ],
      },
      {
        id: "about.structure",
        name: "nav.structure",
        description: "descriptions.structure",
        path: "/about/structure",
        module: "routes/about/structure.tsx",
        icon: "network",
      },
    ],
  },
  {
    id: "profile",
    name: "nav.profile",
    path: "/profile",
    module: "routes/profile/index.tsx",
    layout: "routes/profile/layout.tsx",
    icon: "user",
    access: "auth",
    children: [
      {
        id: "profile.accounts",
        name: "nav.accounts",
        path: "/profile/accounts",
        module: "routes/profile/accounts.tsx",
        icon: "wallet",
        children: [
          {
            id: "profile.accounts.detach",
            name: "nav.detach",
            path: "/profile/accounts/:accountId/detach",
            module: "routes/profile/detach.tsx",
            hidden: true,
          },
        ],
      },
      {
        id: "profile.altpayment",
        name: "nav.altpayment",
        path: "/profile/altpayment",
        module: "routes/profile/altpayment.tsx",
        icon: "credit-card",
      },
    ],
  },
  {
    id: "posts",
    name: "nav.posts",
    description: "descriptions.posts",
    path: "/posts",
    module: "routes/posts/index.tsx",
    icon: "newspaper",
    access: "all",
    offline: true,
    skeleton: "grid",
    children: [
      {
        id: "posts.item",
        name: "nav.postItem",
        description: "descriptions.postItem",
        path: "/posts/item/:postId",
        module: "routes/posts/item.tsx",
        hidden: true,
        skeleton: "detail",
      },
      {
        id: "posts.create",
        name: "nav.postCreate",
        path: "/posts/create",
        module: "routes/posts/create.tsx",
        icon: "square-pen",
        access: "auth",
        roles: ["admin"],
        uploads: true,
      },
      {
        id: "posts.feed",
        name: "nav.feed",
        path: "/posts/feed.xml",
        module: "routes/posts/feed.ts",
        resource: true,
        hidden: true,
      },
    ],
  },
  {
    id: "documents",
    name: "nav.documents",
    description: "descriptions.documents",
    path: "/documents",
    module: "routes/documents/index.tsx",
    icon: "folder-open",
    access: "all",
    offline: true,
    children: [
      {
        id: "documents.privacy",
        name: "nav.privacy",
        description: "descriptions.privacy",
        path: "/documents/privacy",
        icon: "shield",
      },
      {
        id: "documents.agreement",
        name: "nav.agreement",
        description: "descriptions.agreement",
        path: "/documents/agreement",
        icon: "file-signature",
      },
      {
        id: "documents.consent",
        name: "nav.consent",
        description: "descriptions.consent",
        path: "/documents/consent",
        icon: "file-text",
      },
      {
        id: "documents.regulations",
        name: "nav.regulations",
        description: "descriptions.regulations",
        path: "/documents/regulations",
        icon: "scale",
      },
      // The documents above, by their slug; any other slug is this module's 404.
      {
        id: "documents.document",
        name: "nav.document",
        description: "descriptions.documents",
        path: "/documents/:slug",
        module: "routes/documents/document.tsx",
        hidden: true,
      },
    ],
  },
  {
    id: "rates",
    name: "nav.rates",
    description: "descriptions.rates",
    path: "/rates",
    module: "routes/rates/index.tsx",
    icon: "receipt",
    access: "all",
    offline: true,
    children: [
      {
        id: "rates.item",
        name: "nav.rateItem",
        description: "descriptions.rateItem",
        path: "/rates/item/:rateId",
        module: "routes/rates/item.tsx",
        hidden: true,
        skeleton: "detail",
      },
    ],
  },
  {
    id: "admin",
    name: "nav.admin",
    path: "/admin",
    module: "routes/admin/index.tsx",
    icon: "shield-check",
    access: "auth",
    roles: ["admin"],
    children: [
      {
        id: "admin.posts",
        name: "nav.adminPosts",
        path: "/admin/posts",
        module: "routes/admin/posts.tsx",
        icon: "newspaper",
        children: [
          {
            id: "admin.posts.edit",
            name: "nav.adminPostEdit",
            path: "/admin/posts/:postId/edit",
            module: "routes/admin/post-edit.tsx",
            hidden: true,
            uploads: true,
          },
          {
            id: "admin.posts.delete",
            name: "nav.adminPostDelete",
            path: "/admin/posts/:postId/delete",
            module: "routes/admin/post-delete.tsx",
            hidden: true,
          },
          {
            id: "admin.posts.images",
            name: "nav.adminImages",
            path: "/admin/posts/:postId/images",
            module: "routes/admin/post-images.ts",
            hidden: true,
            resource: true,
            uploads: true,
          },
        ],
      },
      {
        id: "admin.images",
        name: "nav.adminImages",
        path: "/admin/images",
        module: "routes/admin/images.tsx",
        icon: "image",
        children: [
          {
            id: "admin.images.delete",
            name: "nav.adminImageDelete",
            path: "/admin/images/:imageId/delete",
            module: "routes/admin/image-delete.tsx",
            hidden: true,
          },
        ],
      },
      {
        id: "admin.users",
        name: "nav.adminUsers",
        path: "/admin/users",
        module: "routes/admin/users.tsx",
        icon: "users",
        children: [
          {
            id: "admin.users.new",
            name: "nav.adminUserNew",
            path: "/admin/users/new",
            module: "routes/admin/user-new.tsx",
            hidden: true,
          },
          {
            id: "admin.users.edit",
            name: "nav.adminUserEdit",
            path: "/admin/users/:userId/edit",
            module: "routes/admin/user-edit.tsx",
            hidden: true,
          },
          {
            id: "admin.users.delete",
            name: "nav.adminUserDelete",
            path: "/admin/users/:userId/delete",
            module: "routes/admin/user-delete.tsx",
            hidden: true,
          },
        ],
      },
    ],
  },
  // Resource routes: forms that post here work without JavaScript. (The locale
  // files and /media are files, not pages: app/routes.ts names them itself.)
  {
    id: "theme",
    name: "nav.theme",
    path: "/resources/theme",
    module: "routes/resources/theme.tsx",
    access: "all",
    resource: true,
    hidden: true,
  },
  {
    id: "language",
    name: "nav.language",
    path: "/resources/language",
    module: "routes/resources/language.tsx",
    access: "all",
    resource: true,
    hidden: true,
  },
  {
    id: "logout",
    name: "nav.logout",
    path: "/resources/logout",
    module: "routes/resources/logout.tsx",
    access: "all",
    resource: true,
    hidden: true,
  },
];
