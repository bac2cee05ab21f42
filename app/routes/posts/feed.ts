/** An Atom feed of the latest posts, for any feed reader. */
import { getApi } from "~/middleware/api.server";
import { getEnv, getPublicConfig } from "~/config/env.server";
import { defaultLanguage } from "~/i18n/config";
import { i18nFor } from "~/middleware/i18n.server";
import type { Route } from "./+types/feed";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);

export async function loader({ request, context }: Route.LoaderArgs) {
  // The feed is cached publicly (max-age=300): its links come from the
  // configuration or the trusted host (server/app.ts drops an untrusted
  // X-Forwarded-Host), never from what any client sends.
  const origin = getEnv().PUBLIC_URL ?? new URL(request.url).origin;
  const config = getPublicConfig();
  // Cached publicly, so never by the visitor's cookie: the feed speaks the portal's language.
  const { t } = await i18nFor(defaultLanguage);
  const { results } = await getApi(context).posts.list({ ordering: "-created_at", page_size: 20 });
  const updated = results[0]?.updated_at ?? new Date().toISOString();
  const entries = results
    .map(
      (post) => `  <entry>
    <id>${origin}/posts/item/${post.id}</id>
    <title>${escapeXml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${origin}/posts/item/${post.id}"/>
    <published>${escapeXml(post.created_at)}</published>
    <updated>${escapeXml(post.updated_at)}</updated>
    <content type="text">${escapeXml(post.text)}</content>
  </entry>`,
    )
    .join("\n");
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ru">
  <id>${origin}/posts</id>
  <title>${escapeXml(t("posts.feedTitle", { product: config.productName }))}</title>
  <author><name>${escapeXml(config.companyName)}</name></author>
  <link rel="self" type="application/atom+xml" href="${origin}/posts/feed.xml"/>
  <link rel="alternate" type="text/html" href="${origin}/posts"/>
  <updated>${escapeXml(updated)}</updated>
${entries}
</feed>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
