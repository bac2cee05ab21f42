import { describe, expect, it } from "vitest";

import { iconNames } from "~/components/ui/icon-names";

import {
  breadcrumbsFor,
  buildIndex,
  decideAccess,
  documentDescription,
  documentTitle,
  findEntry,
  findGoverningEntry,
  menuEntries,
  sectionOf,
  siteRoots,
  trailOf,
} from "./navigation";

const names: Record<string, string> = {
  "nav.posts": "Новости",
  "nav.postItem": "{{title}}",
  "nav.about": "О компании",
  "nav.info": "Раскрытие информации",
  "nav.reportItem": "{{name}}",
  "nav.profile": "Профиль",
  "nav.accounts": "Лицевые счета",
  "nav.documents": "Документы",
  "nav.document": "{{title}}",
  "descriptions.posts": "Новости компании.",
  "descriptions.postItem": "«{{title}}» — новость.",
};
const t = (key: string, params: Record<string, string> = {}) =>
  (names[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");

const customer = { role: "customer" as const };
const admin = { role: "admin" as const };

describe("the site map", () => {
  it("finds entries by path, parameters and trailing slashes included", () => {
    expect(findEntry("/")?.id).toBe("home");
    expect(findEntry("/posts/item/42")?.id).toBe("posts.item");
    expect(findEntry("/profile/accounts/")?.id).toBe("profile.accounts");
    expect(findEntry("/nowhere")).toBeUndefined();
    expect(trailOf(findEntry("/about/info/item/3")).map((entry) => entry.id)).toEqual([
      "about",
      "about.info",
      "about.info.item",
    ]);
  });

  it("names only icons the sprite has", () => {
    const icons = [...buildIndex().byId.values()].flatMap((entry) =>
      entry.icon ? [entry.icon] : [],
    );
    expect(icons.length).toBeGreaterThan(10);
    for (const icon of icons) expect(iconNames, icon).toContain(icon);
  });

  it("inherits access and roles from the parent", () => {
    expect(findEntry("/about/credits")?.access).toBe("all");
    expect(findEntry("/profile/accounts")?.access).toBe("auth");
    expect(findEntry("/auth/registration")?.access).toBe("guest");
    expect(findEntry("/admin/users")?.roles).toEqual(["admin"]);
  });

  it("governs undeclared paths by their section", () => {
    expect(findGoverningEntry("/admin/posts/5/anything")?.id).toBe("admin.posts");
    expect(decideAccess(findGoverningEntry("/admin/whatever"), customer)).toEqual({
      kind: "forbidden",
    });
    expect(findGoverningEntry("/nowhere")).toBeUndefined();
  });

  it("decides access for signed-out users, residents and administrators", () => {
    expect(decideAccess(findEntry("/posts"), null)).toEqual({ kind: "ok" });
    expect(decideAccess(findEntry("/profile"), null)).toEqual({ kind: "sign-in" });
    expect(decideAccess(findEntry("/profile"), customer)).toEqual({ kind: "ok" });
    expect(decideAccess(findEntry("/auth"), customer)).toEqual({ kind: "signed-in" });
    expect(decideAccess(findEntry("/auth/reset"), null)).toEqual({ kind: "ok" });
    expect(decideAccess(findEntry("/admin/posts"), customer)).toEqual({ kind: "forbidden" });
    expect(decideAccess(findEntry("/admin/posts"), null)).toEqual({ kind: "sign-in" });
    expect(decideAccess(findEntry("/posts/create"), customer)).toEqual({ kind: "forbidden" });
    expect(decideAccess(findEntry("/posts/create"), admin)).toEqual({ kind: "ok" });
    expect(decideAccess(undefined, null)).toEqual({ kind: "ok" });
  });

  it("shows menu entries by role and sign-in state", () => {
    const ids = (user: typeof customer | typeof admin | null) =>
      menuEntries(siteRoots, user).map((entry) => entry.id);
    expect(ids(null)).toEqual(["home", "about", "posts", "documents", "rates"]);
    expect(ids(customer)).toEqual(["home", "about", "profile", "posts", "documents", "rates"]);
    expect(ids(admin)).toContain("admin");
    const posts = siteRoots.find((entry) => entry.id === "posts")!;
    expect(menuEntries(posts.children, customer).map((entry) => entry.id)).toEqual([]);
    expect(menuEntries(posts.children, admin).map((entry) => entry.id)).toEqual(["posts.create"]);
  });

  it("knows the section whose sub-menu the left panel shows", () => {
    expect(sectionOf("/about/credits", null)?.id).toBe("about");
    expect(sectionOf("/about", null)?.id).toBe("about");
    expect(sectionOf("/posts", null)).toBeUndefined();
    expect(sectionOf("/posts/item/1", admin)?.id).toBe("posts");
    expect(sectionOf("/", null)).toBeUndefined();
  });
});

describe("breadcrumbs and the document title", () => {
  it("leave out the home page and make every crumb but the last a link", () => {
    expect(breadcrumbsFor("/profile/accounts", t)).toEqual([
      { name: "Профиль", href: "/profile" },
      { name: "Лицевые счета", href: undefined },
    ]);
    expect(breadcrumbsFor("/", t)).toEqual([]);
  });

  it("fill placeholders from the page and parameters from the path", () => {
    expect(breadcrumbsFor("/about/info/item/7", t, { name: "Отчёт 2025" })).toEqual([
      { name: "О компании", href: "/about" },
      { name: "Раскрытие информации", href: "/about/info" },
      { name: "Отчёт 2025", href: undefined },
    ]);
  });

  it("leave out a detail page whose data did not load (its error page) rather than show a placeholder", () => {
    expect(breadcrumbsFor("/posts/item/999999", t)).toEqual([{ name: "Новости", href: undefined }]);
  });

  it("join names with « | » or fall back to the product name", () => {
    const crumbs = breadcrumbsFor("/posts/item/5", t, { title: "Отключение воды" });
    expect(documentTitle(crumbs, "Портал")).toBe("Новости | Отключение воды");
    expect(documentTitle([], "Портал")).toBe("Портал");
  });
});

describe("the meta description", () => {
  it("is the entry's text with its placeholders filled, or the page's own", () => {
    expect(documentDescription("/posts", t)).toBe("Новости компании.");
    expect(documentDescription("/posts/item/5", t, { title: "Отключение воды" })).toBe(
      "«Отключение воды» — новость.",
    );
    expect(
      documentDescription(
        "/posts/item/5",
        t,
        { title: "Отключение воды" },
        "  Завтра с 9 до 17…  ",
      ),
    ).toBe("Завтра с 9 до 17…");
  });

  it("is absent where there is nothing to say: no entry, or a detail page without its data", () => {
    expect(documentDescription("/no/such/page", t)).toBeUndefined();
    expect(documentDescription("/posts/item/999999", t)).toBeUndefined();
    expect(documentDescription("/profile", t)).toBeUndefined();
  });

  it("exists, in Russian and in English, for every page open to visitors", async () => {
    const locales = await Promise.all(
      ["rus", "en"].map(
        async (lng) =>
          (await import(`../../locales/${lng}/translation.json`)).default as {
            descriptions: Record<string, string>;
          },
      ),
    );
    const open = [...buildIndex().byId.values()].filter(
      (entry) => entry.access !== "auth" && !entry.resource,
    );
    expect(open.length).toBeGreaterThan(10);
    for (const entry of open) {
      expect(entry.description, entry.id).toMatch(/^descriptions\./);
      for (const locale of locales)
        expect(
          locale.descriptions[entry.description!.slice("descriptions.".length)],
          entry.id,
        ).toBeTruthy();
    }
  });
});

describe("named pages of a pattern", () => {
  it("are found before the pattern that serves them", () => {
    expect(findEntry("/documents/privacy")?.id).toBe("documents.privacy");
    expect(findEntry("/documents/no-such-document")?.id).toBe("documents.document");
    expect(breadcrumbsFor("/documents/no-such-document", t)).toEqual([
      { name: "Документы", href: undefined },
    ]);
  });
});
