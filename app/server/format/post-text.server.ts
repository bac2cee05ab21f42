/**
 * A post's text is written by an administrator in a small, safe subset of
 * Markdown: paragraphs, headings, bold, italic, lists and links. It is shown
 * to residents on the post's page and in feed readers, so nothing the author
 * types may become markup of its own: raw HTML is shown as the text it is,
 * a link goes only to the web, mail, a phone or this site, and pictures come
 * from the post's uploads, never from the text.
 *
 * A plain text with no Markdown reads the same as typed: blank lines part
 * paragraphs, single line breaks stay (`white-space: pre-line` on the page),
 * bare web addresses become links by the rules of `linkify`.
 */
import { Marked, type Token, type Tokens } from "marked";

import { escapeHtml } from "~/utils/format/escape-html";
import { linkify } from "~/utils/format/linkify";
import { keepTogetherInHtml } from "~/utils/format/unbreakable";

/** The address a link may lead to, or null: http(s), mailto, tel, or a path on this site (never `//host`). */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^\/(?![/\\])/.test(trimmed)) return trimmed;
  if (!URL.canParse(trimmed)) return null;
  const { protocol } = new URL(trimmed);
  return ["http:", "https:", "mailto:", "tel:"].includes(protocol) ? trimmed : null;
}

/**
 * One configured parser per origin: site-relative links stay relative on the
 * portal's pages and become absolute in the feed, which readers show elsewhere.
 */
function parserFor(origin?: string) {
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    tokenizer: {
      // Outside the subset: returning undefined turns the syntax off, so it stays text.
      html: () => undefined,
      tag: () => undefined,
      code: () => undefined,
      fences: () => undefined,
      blockquote: () => undefined,
      hr: () => undefined,
      lheading: () => undefined,
      table: () => undefined,
      del: () => undefined,
      // Bare addresses follow linkify's rules (the «» around an address and a sentence's full stop stay outside).
      url(src: string) {
        const match = /^https?:\/\/[^\s<>"«»]+/iu.exec(src);
        if (!match) return false;
        const [first] = linkify(match[0]);
        if (!first?.href) return false;
        return {
          type: "link",
          raw: first.text,
          text: first.text,
          href: first.href,
          tokens: [{ type: "text", raw: first.text, text: first.text, escaped: false }],
        } as Tokens.Link;
      },
    },
    renderer: {
      // Headings start below the post's title, which is the page's <h1>.
      heading({ tokens, depth }) {
        const level = Math.min(depth + 1, 6);
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        const safe = safeHref(href);
        if (safe === null) return text;
        const site = safe.startsWith("/");
        const target = site && origin ? `${origin}${safe}` : safe;
        const external = !site && /^https?:/i.test(safe);
        return `<a href="${escapeHtml(target)}"${external ? ' target="_blank" rel="noopener noreferrer nofollow"' : ""}>${text}</a>`;
      },
      // A picture written in the text shows as its description: pictures are the post's uploads.
      image({ text }) {
        return escapeHtml(text);
      },
      html({ text }) {
        return escapeHtml(text);
      },
    },
  });
  return marked;
}

const onPortal = parserFor();

/** The post's text as HTML for its page. */
export function postHtml(text: string): string {
  return keepTogetherInHtml(onPortal.parse(text) as string);
}

/** The post's text as HTML for a feed reader: the same, with the site's links made absolute. */
export function postFeedHtml(text: string, origin: string): string {
  return parserFor(origin).parse(text) as string;
}

function plain(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => {
      if (token.type === "image") return (token as Tokens.Image).text;
      if (token.type === "list")
        return (token as Tokens.List).items.map((item) => ` ${plain(item.tokens)} `).join("");
      // Blocks are parted by a space; inline pieces join as written.
      if (token.type === "paragraph" || token.type === "heading") return ` ${plain(token.tokens)} `;
      if ("tokens" in token && token.tokens) return plain(token.tokens);
      if (token.type === "space" || token.type === "br") return " ";
      return "text" in token && typeof token.text === "string" ? token.text : token.raw;
    })
    .join("");
}

/** The post's words without Markdown's symbols, for the list's excerpt and a page's description. */
export function postPlainText(text: string): string {
  return plain(onPortal.lexer(text)).replace(/\s+/g, " ").trim();
}
