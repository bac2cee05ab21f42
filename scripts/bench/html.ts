// Reading the portal's HTML with a real parser (htmlparser2): the tags the
// weight section counts, in document order.
import { init, parse } from "es-module-lexer";
import { DomUtils, ElementType, parseDocument } from "htmlparser2";

type Element = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export type Attributes = Record<string, string>;

export interface DocumentParts {
  /** Every <link>'s attributes, in document order. */
  links: Attributes[];
  /** Every <script>: its attributes and inline text. */
  scripts: { attrs: Attributes; text: string }[];
  /** The elements directly in <head>, by tag name, in order (title, meta, link…). */
  head: { name: string; attrs: Attributes }[];
}

export function readDocument(html: string): DocumentParts {
  const document = parseDocument(html);
  const elements = (name: string) => DomUtils.getElementsByTagName(name, document.children, true);
  const head = elements("head")[0];
  return {
    links: elements("link").map((link) => ({ ...link.attribs })),
    scripts: elements("script").map((script) => ({
      attrs: { ...script.attribs },
      text: DomUtils.textContent(script),
    })),
    head: head
      ? head.children
          .filter((node): node is Element => ElementType.isTag(node))
          .map((el) => ({ name: el.name, attrs: { ...el.attribs } }))
      : [],
  };
}

const rels = (attrs: Attributes) => (attrs.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean);

export const stylesheets = (parts: DocumentParts) =>
  parts.links.filter((link) => rels(link).includes("stylesheet") && link.href);

/** A stylesheet blocks rendering unless it is disabled or for print only. */
export const blockingStylesheets = (parts: DocumentParts) =>
  stylesheets(parts).filter(
    (link) => !("disabled" in link) && (link.media ?? "").trim().toLowerCase() !== "print",
  );

export const modulePreloads = (parts: DocumentParts) =>
  parts.links.filter((link) => rels(link).includes("modulepreload") && link.href);

/** Files fetched ahead as data (the portal's locale files). */
export const dataPreloads = (parts: DocumentParts) =>
  parts.links.filter((link) => rels(link).includes("preload") && link.as === "fetch" && link.href);

/**
 * Where the page's styles stand in <head>: the first render-blocking stylesheet, or else the
 * first <style> (styles in the page itself); 1-based, and how many elements precede it that are
 * not meta or title.
 */
export function stylesheetPosition(
  parts: DocumentParts,
): { position: number; of: number; before: number; inline: boolean } | undefined {
  let index = parts.head.findIndex(
    (el) => el.name === "link" && rels(el.attrs).includes("stylesheet"),
  );
  const inline = index < 0;
  if (inline) index = parts.head.findIndex((el) => el.name === "style");
  if (index < 0) return undefined;
  const before = parts.head
    .slice(0, index)
    .filter((el) => el.name !== "meta" && el.name !== "title").length;
  return { position: index + 1, of: parts.head.length, before, inline };
}

/** The modules a piece of JavaScript imports, statically or with import("…") of a string. */
export async function moduleImports(code: string): Promise<string[]> {
  await init;
  const [imports] = parse(code);
  const found: string[] = [];
  for (const entry of imports) {
    if (entry.n !== undefined) found.push(entry.n);
  }
  return found;
}

/** The static imports only (a chunk loaded with import() is not part of the first visit's graph). */
export async function staticImports(code: string): Promise<string[]> {
  await init;
  const [imports] = parse(code);
  // t: 1 static import, 2 dynamic import(), 3 import.meta; 4/5/6 source/defer phases.
  return imports
    .filter((entry) => entry.t === 1 && entry.n !== undefined)
    .map((entry) => entry.n as string);
}

/**
 * The JavaScript a document makes the browser load on a first visit:
 * modulepreloads, script src, and what its inline module scripts import (statically or with
 * import(), as React Router imports entry.client). URLs resolved against `base`.
 */
export async function entryScripts(parts: DocumentParts, base: string): Promise<string[]> {
  const urls = new Set<string>();
  for (const link of modulePreloads(parts)) urls.add(new URL(link.href, base).href);
  for (const script of parts.scripts) {
    if (script.attrs.src) urls.add(new URL(script.attrs.src, base).href);
    else if (script.attrs.type === "module")
      for (const name of await moduleImports(script.text)) urls.add(new URL(name, base).href);
  }
  return [...urls];
}
