import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/content/markdown.server";
import type { Route } from "./+types/index";

export function loader() {
  return requireMarkdownPage("documents/index");
}

export default function DocumentsPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
