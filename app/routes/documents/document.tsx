import { data } from "react-router";

import { MarkdownArticle } from "~/components/markdown-page";
import { requireMarkdownPage } from "~/server/content/markdown.server";
import { getLocale } from "~/server/middleware/i18n.server";
import { findEntry } from "~/utils/site-map/navigation";

import type { Route } from "./+types/document";

/** The documents are the site map's named pages under /documents; any other slug is not found. */
export function loader({ params, context }: Route.LoaderArgs) {
  const entry = findEntry(`/documents/${params.slug}`);
  if (!entry || entry.module) throw data({ message: "not found" }, { status: 404 });
  return requireMarkdownPage(`documents/${params.slug}`, getLocale(context));
}

export default function DocumentPage({ loaderData }: Route.ComponentProps) {
  return <MarkdownArticle page={loaderData.page} />;
}
