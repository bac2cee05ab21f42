/**
 * Static pages are Markdown files under content/, so an operator can replace
 * the company's texts without touching code. Rendered on the server by marked;
 * the files are the operator's own, not user input.
 *
 * Russian, the default language, is at the top of CONTENT_DIR; another
 * language's version of a page is in a folder named by the language
 * (`content/en/about/index.md`). A page not yet written in the resident's
 * language is shown in Russian, and says so (content/README.md).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";
import { data } from "react-router";
import { defaultLanguage, type Language } from "~/utils/i18n/config";
import type { MarkdownPage } from "~/utils/content/markdown-types";
import { formatters } from "~/utils/format/format";
import { keepTogetherInHtml } from "~/utils/format/unbreakable";

const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content");
const marked = new Marked({ gfm: true, async: false });

function fileOf(name: string, lng: Language) {
  return lng === defaultLanguage ? path.join(contentDir, `${name}.md`) : path.join(contentDir, lng, `${name}.md`);
}

async function readSource(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * A file may open with front matter (`---` lines around `key: value` lines):
 * only `version`, the edition of a legal text such as the consent, which
 * residents see on the page and the logs record with each consent given.
 */
const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

function versionIn(source: string): string | null {
  const block = frontMatter.exec(source)?.[1] ?? "";
  return /^version:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(block)?.[1] ?? null;
}

/**
 * The edition of a document, from its Russian file (the legal original;
 * translations follow it): one place for the page and the consent's record.
 */
export async function documentVersion(name: string): Promise<string | null> {
  const source = await readSource(fileOf(name, defaultLanguage));
  return source === null ? null : versionIn(source);
}

export async function loadMarkdownPage(name: string, lng: Language = defaultLanguage): Promise<MarkdownPage | null> {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(name)) return null;
  for (const candidate of new Set([lng, defaultLanguage])) {
    const file = await readSource(fileOf(name, candidate));
    if (file === null) continue;
    const source = file.replace(frontMatter, "");
    const version = candidate === defaultLanguage ? versionIn(file) : await documentVersion(name);
    const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? "";
    // The title is the page's <h1>, rendered by the page itself.
    const body = source.replace(/^#\s+.+$/m, "");
    return {
      title,
      html: keepTogetherInHtml(marked.parse(body) as string),
      lang: candidate,
      fallback: candidate !== lng,
      version,
      edition: version ? formatters(lng).date(version) : null,
    };
  }
  return null;
}

/** A loader for a page that is one Markdown file, in the resident's language when written; a missing file is a 404. */
export async function requireMarkdownPage(name: string, lng: Language) {
  const page = await loadMarkdownPage(name, lng);
  if (!page) {
    throw data({ message: "not found" }, { status: 404 });
  }
  return { page };
}
