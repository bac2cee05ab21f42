/**
 * Every page of the site map with real ids from the demo data, as each kind
 * of visitor sees them (error and confirmation pages included): for the
 * suites that go through them all (layout, HTML validity).
 */
import { siteMap, type SiteEntry } from "../../app/utils/site-map/pages";
import { admin, backendUrl, resident } from "./fixtures";

export type Who = "guest" | "resident" | "admin";

function flatten(
  entries: SiteEntry[],
  inherited: Pick<SiteEntry, "access" | "roles"> = {},
): SiteEntry[] {
  return entries.flatMap((entry) => {
    const own = {
      ...entry,
      access: entry.access ?? inherited.access ?? "auth",
      roles: entry.roles ?? inherited.roles,
    };
    return [own, ...flatten(entry.children ?? [], own)];
  });
}

async function api<T>(path: string, token?: string): Promise<T> {
  const response = await fetch(`${backendUrl()}/api/v1/${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return (await response.json()) as T;
}

async function token(who: { email: string; password: string }) {
  const response = await fetch(`${backendUrl()}/api/v1/client/users/login/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(who),
  });
  return ((await response.json()) as { access: string }).access;
}

type Page1 = { results: { id: number | string }[] };

/** Real ids for the patterns' parameters, from the demo data. */
export async function demoIds() {
  const [residentToken, adminToken] = await Promise.all([token(resident), token(admin)]);
  const first = async (path: string, bearer?: string) =>
    String((await api<Page1>(path, bearer)).results[0]!.id);
  return {
    // The oldest post: demo data, never one a test writes (or deletes) meanwhile.
    postId: await first("client/posts/?page_size=1&ordering=created_at"),
    rateId: await first("client/rates/?page_size=1"),
    reportId: await first("client/reports/?page_size=1"),
    accountId: await first("client/accounts/?page_size=1", residentToken),
    // An image of a demo post (tests upload and delete images of their own posts).
    imageId: String(
      (
        await api<{ results: { images: { id: number }[] }[] }>(
          "client/posts/?page_size=100&ordering=created_at",
        )
      ).results.find((post) => post.images.length > 0)!.images[0]!.id,
    ),
    userId: await first("admin/users/?page_size=1", adminToken),
    // The pattern that serves the named documents: one of them (visited once).
    slug: "privacy",
  };
}

export function pagesFor(who: Who, ids: Record<string, string>) {
  const paths = flatten(siteMap)
    .filter((entry) => !entry.resource)
    .filter((entry) => {
      if (who === "guest") return entry.access !== "auth";
      if (entry.access === "guest") return false;
      return !entry.roles || (who === "admin" && entry.roles.includes("admin"));
    })
    .map((entry) =>
      entry.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? `missing-${name}`),
    );
  // Error pages belong to the site too: not found for everyone, forbidden for a resident.
  paths.push("/no/such/page", "/posts/item/999999");
  if (who === "resident") paths.push("/admin/users");
  return [...new Set(paths)];
}
