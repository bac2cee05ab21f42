/**
 * The scripts start after the first paint. They hydrate the page, they show
 * nothing: the first paint needs only the HTML, the stylesheet and the logo.
 * Started with the document, they shared a slow link with the stylesheet
 * (Lighthouse's estimate of the largest paint counted every byte of them), and
 * when they arrived first (a fast link, a warm cache) hydration ran before the
 * page was painted. React Router's <Scripts> puts modulepreloads in <head> and
 * a module script at the end of <body>: the module script becomes inert text
 * carrying the modulepreloads' addresses, and a small script puts both back in
 * the first frame after the page was painted (at once in a hidden tab, which
 * paints nothing). Without JavaScript nothing changes: the page is whole HTML.
 * CSP: the loader carries the nonce, and 'strict-dynamic' trusts what it adds.
 * React never sees the difference: it hydrates after the module has run, and
 * the loader has removed itself by then.
 */
export function scriptsAfterFirstPaint(page: Buffer, nonce: string): Buffer {
  // On the bytes React wrote: decoding the page to edit it and encoding it
  // again cost 0.1 ms a page; the markers are ASCII, so their offsets are exact.
  const headEnd = page.indexOf("</head>");
  if (headEnd < 0) return page;
  const moduleTag = `<script nonce="${nonce}" type="module" async="">`;
  const moduleAt = page.indexOf(moduleTag, headEnd);
  if (moduleAt < 0) return page;
  const moduleEnd = page.indexOf("</script>", moduleAt) + "</script>".length;
  const preloads: string[] = [];
  const head = page.toString("utf8", 0, headEnd).replace(MODULEPRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return "";
  });
  const inert = `<script nonce="${nonce}" type="text/plain" id="${HYDRATION_SCRIPT}" data-modulepreload="${preloads.join(" ")}">`;
  return Buffer.concat([
    Buffer.from(head),
    page.subarray(headEnd, moduleAt),
    Buffer.from(inert),
    page.subarray(moduleAt + Buffer.byteLength(moduleTag), moduleEnd),
    Buffer.from(`<script nonce="${nonce}">${LOADER}</script>`),
    page.subarray(moduleEnd),
  ]);
}
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
export const HYDRATION_SCRIPT = "hydration-script";
const LOADER = `(${afterFirstPaint.toString()})(${JSON.stringify(HYDRATION_SCRIPT)})`;

/** Runs in the browser, inline (serialized with toString: it names nothing outside itself). */
function afterFirstPaint(id: string) {
  const loader = document.currentScript;
  const inert = document.getElementById(id);
  const start = () => {
    for (const href of inert?.dataset.modulepreload?.split(" ").filter(Boolean) ?? []) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement("script");
    script.type = "module";
    script.textContent = inert?.textContent ?? "";
    document.head.append(script);
    loader?.remove();
  };
  if (document.visibilityState === "hidden") start();
  // The callback runs before the first frame is painted, the timer after it.
  else requestAnimationFrame(() => setTimeout(start, 0));
}
