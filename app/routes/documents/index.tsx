import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/content/markdown.server";
import { getLocale } from "~/middleware/i18n.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  return requireMarkdownPage("documents/index", getLocale(context));
}

export default function DocumentsPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
