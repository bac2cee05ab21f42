/**
 * Static pages are Markdown files under content/, so an operator can replace
 * the company's texts without touching code. Rendered on the server by marked;
 * the files are the operator's own, not user input.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";
import { data } from "react-router";

const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");
const marked = new Marked({ gfm: true, async: false });

export interface MarkdownPage {
  title: string;
  html: string;
}

export async function loadMarkdownPage(name: string): Promise<MarkdownPage | null> {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(name)) return null;
  let source: string;
  try {
    source = await readFile(path.join(contentDir, `${name}.md`), "utf8");
  } catch {
    return null;
  }
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? "";
  // The title is the page's <h1>, rendered by the page itself.
  const body = source.replace(/^#\s+.+$/m, "");
  return { title, html: marked.parse(body) as string };
}

/** A loader for a page that is one Markdown file; a missing file is a 404. */
export async function requireMarkdownPage(name: string) {
  const page = await loadMarkdownPage(name);
  if (!page) {
    throw data({ message: "not found" }, { status: 404 });
  }
  return { page };
}
