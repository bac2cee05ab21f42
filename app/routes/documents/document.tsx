import { data } from "react-router";
import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/content/markdown.server";
import type { Route } from "./+types/document";

const documents = new Set(["privacy", "agreement", "regulations"]);

export function loader({ params }: Route.LoaderArgs) {
  if (!documents.has(params.slug)) throw data({ message: "not found" }, { status: 404 });
  return requireMarkdownPage(`documents/${params.slug}`);
}

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
