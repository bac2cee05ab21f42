import type { MarkdownPage } from "~/content/markdown.server";

export function MarkdownArticle({ page }: { page: MarkdownPage }) {
  return (
    <article className="prose">
      <h1>{page.title}</h1>
      {/* Operator-provided content from content/*.md, rendered on the server. */}
      <div dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}
