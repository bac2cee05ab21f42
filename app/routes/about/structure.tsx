import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/content/markdown.server";
import type { Route } from "./+types/structure";

export function loader() {
  return requireMarkdownPage("about/structure");
}

export default function StructurePage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
