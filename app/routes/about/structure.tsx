import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/server/content/markdown.server";
import { getLocale } from "~/server/middleware/i18n.server";

import type { Route } from "./+types/structure";

export function loader({ context }: Route.LoaderArgs) {
  return requireMarkdownPage("about/structure", getLocale(context));
}

export default function StructurePage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
