import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/server/content/markdown.server";
import { getLocale } from "~/server/middleware/i18n.server";

import type { Route } from "./+types/credits";

export function loader({ context }: Route.LoaderArgs) {
  return requireMarkdownPage("about/credits", getLocale(context));
}

export default function CreditsPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
