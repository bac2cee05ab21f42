import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/content/markdown.server";
import type { Route } from "./+types/index";

export function loader() {
  return requireMarkdownPage("about/index");
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
