/**
 * The Atom feed's document, whatever the posts hold: a feed reader drops a
 * whole feed at its first ill-formed character, so text is escaped and cleaned
 * of what XML 1.0 cannot carry at all (C0 controls but tab and newlines,
 * U+FFFE/U+FFFF, lone surrogates), even as a character reference.
 */

/** Every code point XML 1.0 refuses (its `Char` production); lone surrogates included, thanks to the `u` flag. */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const entities: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

/** Text for an XML element or attribute value: escaped, and without characters XML cannot hold. */
export function xmlText(value: string) {
  return value.replace(notXmlChar, "").replace(/[<>&'"]/g, (char) => entities[char]!);
}

export interface FeedPost {
  id: number;
  title: string;
  text: string;
  created_at: string;
  updated_at: string;
  /** The text rendered as HTML (post-text.server.ts); without it the plain text is sent. */
  html?: string;
}

export function atomFeed({
  origin,
  title,
  author,
  posts,
}: {
  origin: string;
  title: string;
  author: string;
  posts: FeedPost[];
}) {
  const base = xmlText(origin);
  const entries = posts
    .map(
      (post) => `  <entry>
    <id>${base}/posts/item/${post.id}</id>
    <title>${xmlText(post.title)}</title>
    <link rel="alternate" type="text/html" href="${base}/posts/item/${post.id}"/>
    <published>${xmlText(post.created_at)}</published>
    <updated>${xmlText(post.updated_at)}</updated>
    ${post.html === undefined ? `<content type="text">${xmlText(post.text)}</content>` : `<content type="html">${xmlText(post.html)}</content>`}
  </entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ru">
  <id>${base}/posts</id>
  <title>${xmlText(title)}</title>
  <author><name>${xmlText(author)}</name></author>
  <link rel="self" type="application/atom+xml" href="${base}/posts/feed.xml"/>
  <link rel="alternate" type="text/html" href="${base}/posts"/>
  <updated>${xmlText(posts[0]?.updated_at ?? new Date().toISOString())}</updated>
${entries}
</feed>
`;
}
