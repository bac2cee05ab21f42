/** An Atom feed of the latest posts, for any feed reader. */
import { getEnv, getPublicConfig } from "~/server/config/env.server";
import { postFeedHtml } from "~/server/format/post-text.server";
import { getApi } from "~/server/middleware/api.server";
import { i18nFor } from "~/server/middleware/i18n.server";
import { atomFeed } from "~/utils/format/atom";
import { defaultLanguage } from "~/utils/i18n/config";

import type { Route } from "./+types/feed";

export async function loader({ request, context }: Route.LoaderArgs) {
  // The links come from PUBLIC_URL, else from the trusted host (server/app.ts
  // drops an untrusted X-Forwarded-Host), never from a client's X-Forwarded-Host.
  const { PUBLIC_URL } = getEnv();
  const origin = PUBLIC_URL ?? new URL(request.url).origin;
  const config = getPublicConfig();
  // Never by the visitor's cookie: the feed speaks the portal's language.
  const { t } = await i18nFor(defaultLanguage);
  const { results } = await getApi(context).posts.list({ ordering: "-created_at", page_size: 20 });
  const xml = atomFeed({
    origin,
    title: t("posts.feedTitle", { product: config.productName }),
    author: config.companyName,
    posts: results.map((post) => ({ ...post, html: postFeedHtml(post.text, origin) })),
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      // Without PUBLIC_URL the links follow the Host header, which any client
      // names: a shared cache (which may key on something else) must not keep
      // one client's feed for the others.
      "Cache-Control": PUBLIC_URL ? "public, max-age=300" : "private, max-age=300",
    },
  });
}
