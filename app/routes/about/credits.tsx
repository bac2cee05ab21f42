import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/content/markdown.server";
import type { Route } from "./+types/credits";

export function loader() {
  return requireMarkdownPage("about/credits");
}

export default function CreditsPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
