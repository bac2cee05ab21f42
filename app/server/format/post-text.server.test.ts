import { describe, expect, it } from "vitest";

import { postFeedHtml, postHtml, postPlainText, safeHref } from "./post-text.server";

describe("a post's text (the safe Markdown subset)", () => {
  it("renders the subset: headings below the title, bold, italic, lists, links", () => {
    const html = postHtml(
      "# Заголовок\n\nТекст **жирным** и *курсивом*.\n\n- пункт\n- второй\n\n1. раз\n2. два\n\n[Документы](/documents)",
    );
    expect(html).toContain("<h2>Заголовок</h2>");
    expect(html).toContain("<strong>жирным</strong>");
    expect(html).toContain("<em>курсивом</em>");
    expect(html).toContain("<ul>\n<li>пункт</li>\n<li>второй</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>раз</li>");
    expect(html).toContain('<a href="/documents">Документы</a>');
  });

  it("reads a plain text as typed: paragraphs, line breaks, bare addresses as links", () => {
    const html = postHtml(
      "Уважаемые жильцы!\nВоды не будет.\n\nПодробнее: «https://example.ru/a_(b)». Звоните.",
    );
    expect(html).toBe(
      '<p>Уважаемые жильцы!\nВоды не будет.</p>\n<p>Подробнее: «<a href="https://example.ru/a_(b)" target="_blank" rel="noopener noreferrer nofollow">https://example.ru/a_(b)</a>». Звоните.</p>\n',
    );
  });

  it("keeps phones and hours on one line", () => {
    expect(postHtml("Тел. +7 (4112) 40-10-01, 13:00–14:00")).toContain(
      '<span class="nowrap">+7 (4112) 40-10-01</span>',
    );
  });

  it("never lets raw HTML through", () => {
    for (const attack of [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      'Текст <b onclick="x()">b</b>',
      "<iframe src=//evil></iframe>",
      "<!-- c -->",
    ]) {
      const html = postHtml(attack);
      expect(html).not.toMatch(/<(script|img|b|iframe|!--)\b/i);
      expect(html).toContain("&lt;");
    }
  });

  it("drops links that are not to the web, mail, a phone or this site", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>x</script>",
      "vbscript:x",
      "//evil.example/path",
      "/\\evil.example",
    ]) {
      const html = postHtml(`[нажми](${href})`);
      expect(html).not.toContain("<a");
      expect(html).toContain("нажми");
    }
    expect(postHtml("<javascript:alert(1)>")).not.toContain('href="javascript');
    expect(postHtml("[почта](mailto:uk@example.ru) [тел](tel:+74112401001)")).toContain(
      '<a href="mailto:uk@example.ru">почта</a> <a href="tel:+74112401001">тел</a>',
    );
    expect(safeHref("https://example.ru/x")).toBe("https://example.ru/x");
  });

  it("shows no pictures from the text, only their descriptions", () => {
    const html = postHtml("![схема](https://evil.example/track.png)");
    expect(html).not.toContain("<img");
    expect(html).toContain("схема");
  });

  it("keeps syntax outside the subset as text (code, quotes, rules, tables)", () => {
    const html = postHtml("    отступ\n\n> цитата\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).not.toMatch(/<(pre|code|blockquote|hr|table)\b/);
  });

  it("gives the feed absolute links to this site", () => {
    expect(postFeedHtml("[Документы](/documents)", "https://lk.example.ru")).toBe(
      '<p><a href="https://lk.example.ru/documents">Документы</a></p>\n',
    );
  });

  it("gives the excerpt the words without Markdown's symbols", () => {
    expect(
      postPlainText(
        "# Заголовок\n\nТекст **жирным**, *курсив* и [ссылка](https://example.ru).\n\n- пункт\n- второй",
      ),
    ).toBe("Заголовок Текст жирным, курсив и ссылка. пункт второй");
    expect(postPlainText("Обычный текст\nв две строки.")).toBe("Обычный текст в две строки.");
  });
});
