/**
 * The portal's one source of truth for its pages: names (translation keys),
 * paths, icons, children, who may open them and which parts of the shell they
 * hide. The menu, the breadcrumbs, the document title and the server's access
 * checks all read this tree; `app/routes.ts` maps the same paths to modules.
 */
import type { IconName } from "~/components/ui/icon-names";

export type Role = "admin" | "customer";

/**
 * - `all`: anyone;
 * - `auth`: signed-in users only (the default);
 * - `guest`: signed-out users only (sign-in, registration, reset).
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
  icon?: IconName;
  /** Who may open it; inherited from the parent, `auth` at the top. */
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
  children?: SiteEntry[];
}

export const siteMap: SiteEntry[] = [
  { id: "home", name: "nav.home", description: "descriptions.home", path: "/", icon: "house", access: "all" },
  {
    id: "auth",
    name: "nav.auth",
    description: "descriptions.auth",
    path: "/auth",
    icon: "log-in",
    access: "guest",
    hidden: true,
    hideLeftPanel: true,
    children: [
      { id: "auth.registration", name: "nav.registration", description: "descriptions.registration", path: "/auth/registration" },
      { id: "auth.reset", name: "nav.reset", description: "descriptions.reset", path: "/auth/reset" },
    ],
  },
  {
    id: "about",
    name: "nav.about",
    description: "descriptions.about",
    path: "/about",
    icon: "building-2",
    access: "all",
    children: [
      { id: "about.credits", name: "nav.credits", description: "descriptions.credits", path: "/about/credits", icon: "landmark" },
      {
        id: "about.info",
        name: "nav.info",
        description: "descriptions.info",
        path: "/about/info",
        icon: "file-text",
        children: [
          {
            id: "about.info.item",
            name: "nav.reportItem",
            description: "descriptions.reportItem",
            path: "/about/info/item/:reportId",
            hidden: true,
            skeleton: "detail",
          },
        ],
      },
      { id: "about.structure", name: "nav.structure", description: "descriptions.structure", path: "/about/structure", icon: "network" },
    ],
  },
  {
    id: "profile",
    name: "nav.profile",
    path: "/profile",
    icon: "user",
    access: "auth",
    children: [
      {
        id: "profile.accounts",
        name: "nav.accounts",
        path: "/profile/accounts",
        icon: "wallet",
        children: [
          { id: "profile.accounts.detach", name: "nav.detach", path: "/profile/accounts/:accountId/detach", hidden: true },
        ],
      },
      {
        id: "profile.altpayment",
        name: "nav.altpayment",
        path: "/profile/altpayment",
        icon: "credit-card",
      },
    ],
  },
  {
    id: "posts",
    name: "nav.posts",
    description: "descriptions.posts",
    path: "/posts",
    icon: "newspaper",
    access: "all",
    skeleton: "grid",
    children: [
      { id: "posts.item", name: "nav.postItem", description: "descriptions.postItem", path: "/posts/item/:postId", hidden: true, skeleton: "detail" },
      {
        id: "posts.create",
        name: "nav.postCreate",
        path: "/posts/create",
        icon: "square-pen",
        access: "auth",
        roles: ["admin"],
      },
      { id: "posts.feed", name: "nav.feed", path: "/posts/feed.xml", resource: true, hidden: true },
    ],
  },
  {
    id: "documents",
    name: "nav.documents",
    description: "descriptions.documents",
    path: "/documents",
    icon: "folder-open",
    access: "all",
    children: [
      { id: "documents.privacy", name: "nav.privacy", description: "descriptions.privacy", path: "/documents/privacy", icon: "shield" },
      {
        id: "documents.agreement",
        name: "nav.agreement",
        description: "descriptions.agreement",
        path: "/documents/agreement",
        icon: "file-signature",
      },
      {
        id: "documents.regulations",
        name: "nav.regulations",
        description: "descriptions.regulations",
        path: "/documents/regulations",
        icon: "scale",
      },
    ],
  },
  {
    id: "rates",
    name: "nav.rates",
    description: "descriptions.rates",
    path: "/rates",
    icon: "receipt",
    access: "all",
    children: [
      { id: "rates.item", name: "nav.rateItem", description: "descriptions.rateItem", path: "/rates/item/:rateId", hidden: true, skeleton: "detail" },
    ],
  },
  {
    id: "admin",
    name: "nav.admin",
    path: "/admin",
    icon: "shield-check",
    access: "auth",
    roles: ["admin"],
    children: [
      {
        id: "admin.posts",
        name: "nav.adminPosts",
        path: "/admin/posts",
        icon: "newspaper",
        children: [
          { id: "admin.posts.edit", name: "nav.adminPostEdit", path: "/admin/posts/:postId/edit", hidden: true },
          { id: "admin.posts.delete", name: "nav.adminPostDelete", path: "/admin/posts/:postId/delete", hidden: true },
          { id: "admin.posts.images", name: "nav.adminImages", path: "/admin/posts/:postId/images", hidden: true, resource: true },
        ],
      },
      {
        id: "admin.images",
        name: "nav.adminImages",
        path: "/admin/images",
        icon: "image",
        children: [
          { id: "admin.images.delete", name: "nav.adminImageDelete", path: "/admin/images/:imageId/delete", hidden: true },
        ],
      },
      {
        id: "admin.users",
        name: "nav.adminUsers",
        path: "/admin/users",
        icon: "users",
        children: [
          { id: "admin.users.new", name: "nav.adminUserNew", path: "/admin/users/new", hidden: true },
          { id: "admin.users.edit", name: "nav.adminUserEdit", path: "/admin/users/:userId/edit", hidden: true },
          { id: "admin.users.delete", name: "nav.adminUserDelete", path: "/admin/users/:userId/delete", hidden: true },
        ],
      },
    ],
  },
  // Resource routes: forms that post here work without JavaScript.
  { id: "theme", name: "nav.theme", path: "/resources/theme", access: "all", resource: true, hidden: true },
  { id: "language", name: "nav.language", path: "/resources/language", access: "all", resource: true, hidden: true },
  { id: "logout", name: "nav.logout", path: "/resources/logout", access: "all", resource: true, hidden: true },
];
