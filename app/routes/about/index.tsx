import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/server/content/markdown.server";
import { getLocale } from "~/server/middleware/i18n.server";

import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  return requireMarkdownPage("about/index", getLocale(context));
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
