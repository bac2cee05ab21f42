const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as HTML text or an attribute's value, for HTML the portal writes as a string (feeds, the worker's pages, the edge's refusals). */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => escapes[char]!);
}
