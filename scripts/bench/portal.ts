// The portal under test: its build, its log lines, signing in, the demo data.
import { sessionCookieNames } from "../../app/utils/http/personal-cookies";
import { build, buildIfChanged } from "../build.js";

export const RESIDENT = { email: "resident@example.com", password: "resident12345" };
export const ADMIN = { email: "admin@example.com", password: "admin12345" };

/** What a browser sends: `compression` answers it with brotli, as it answers residents. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Builds the portal when its sources changed since the last build (scripts/build.js), or always with `force`. */
export async function ensurePortalBuild(force: boolean) {
  if (force) await build();
  else await buildIfChanged();
}

/** The portal's log lines, kept so errors can be pinned to a section. */
export const logs = { lines: 0, errors: [] as string[], stderr: [] as string[] };

export function onPortalLog(line: string, stream: "stdout" | "stderr") {
  if (!line.trim()) return;
  logs.lines++;
  // Request logs are JSON; an error is "level":"error" (5xx, caught exceptions).
  let level: unknown;
  try {
    level = (JSON.parse(line) as { level?: unknown }).level;
  } catch {
    level = undefined;
  }
  if (level === "error") logs.errors.push(line);
  else if (stream === "stderr") logs.stderr.push(line);
}

const cookiePair = (setCookie: string) => setCookie.split(";")[0];

/** Signs in through the portal's form; returns the Cookie header (the session, no toast). */
export async function signIn(
  portalUrl: string,
  { email, password }: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${portalUrl}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookies = response.headers.getSetCookie().map(cookiePair);
  if (
    response.status !== 302 ||
    !cookies.some((cookie) => sessionCookieNames.some((name) => cookie.startsWith(`${name}=`)))
  ) {
    throw new Error(
      `sign-in as ${email} failed: ${response.status} ${response.headers.get("location") ?? ""}`,
    );
  }
  // The toast is a one-time flash message: sending it again would only re-show it.
  return cookies.filter((cookie) => !cookie.startsWith("__toast=")).join("; ");
}

/** Logs in to the stand-in directly, as the portal does; returns the access token. */
export async function backendAccess(
  backendUrl: string,
  { email, password }: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${backendUrl}/api/v1/client/users/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`backend login as ${email} failed: ${response.status}`);
  const { access } = (await response.json()) as { access: string };
  return access;
}

/** The id of the first item of a list of the stand-in's demo data. */
export async function firstId(
  backendUrl: string,
  list: "posts" | "rates" | "reports",
): Promise<number> {
  const body = (await (await fetch(`${backendUrl}/api/v1/client/${list}/?page_size=1`)).json()) as {
    results?: { id: number }[];
  };
  const id = body.results?.[0]?.id;
  if (id === undefined) throw new Error(`the stand-in has no ${list}`);
  return id;
}

/** The public pages of the site map, with real ids from the demo data. */
export async function publicPages(backendUrl: string): Promise<string[]> {
  const postId = await firstId(backendUrl, "posts");
  return [
    "/",
    "/auth",
    "/auth/registration",
    "/auth/reset",
    "/posts",
    `/posts/item/${postId}`,
    "/rates",
    "/about",
    "/about/info",
    "/documents/privacy",
  ];
}
