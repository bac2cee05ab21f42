// The benchmark's Lighthouse section: every public page once, mobile emulation
// (Lighthouse's defaults), in Debian's Chromium. Accessibility, best practices
// and SEO are budgeted at 100; performance and first contentful paint are
// printed only (on a shared machine a single run's performance is noise).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BUDGETED = ["accessibility", "best-practices", "seo"];
const LABELS = { performance: "performance", accessibility: "accessibility", "best-practices": "best practices", seo: "SEO" };

/** The public pages of the site map, with real ids from the demo data. */
export async function publicPages(backendUrl) {
  const first = async (path) => {
    const body = await (await fetch(`${backendUrl}/api/v1/client/${path}/?page_size=1`)).json();
    const id = body.results?.[0]?.id;
    if (id === undefined) throw new Error(`the stand-in has no ${path}`);
    return id;
  };
  const [postId, rateId, reportId] = await Promise.all([first("posts"), first("rates"), first("reports")]);
  return [
    "/",
    "/auth",
    "/auth/registration",
    "/auth/reset",
    "/posts",
    `/posts/item/${postId}`,
    "/rates",
    `/rates/item/${rateId}`,
    "/about",
    "/about/info",
    `/about/info/item/${reportId}`,
    "/about/credits",
    "/about/structure",
    "/documents",
    "/documents/privacy",
    "/documents/agreement",
    "/documents/regulations",
  ];
}

/**
 * Runs Lighthouse on each page; returns per page the four scores (0–100),
 * first contentful paint (ms) and the titles of the audits that lost points in
 * a budgeted category.
 */
export async function runLighthouse(portalUrl, pages, { chromePath, onProgress = () => {} } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    logLevel: "silent",
  });
  const results = [];
  try {
    for (const pagePath of pages) {
      onProgress(`Lighthouse: ${pagePath}…`);
      // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): try again, twice at most.
      let lhr;
      for (let attempt = 1; ; attempt++) {
        const runner = await lighthouse(
          `${portalUrl}${pagePath}`,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
          { extends: "lighthouse:default", settings: { maxWaitForFcp: 60_000, maxWaitForLoad: 90_000 } },
        );
        lhr = runner?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        onProgress(`Lighthouse: ${pagePath} again (${lhr.runtimeError.code})…`);
      }
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
      const failing = [];
      for (const id of BUDGETED) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${LABELS[id]}: ${ref.id}`);
        }
      }
      results.push({ path: pagePath, scores, fcp: lhr.audits["first-contentful-paint"]?.numericValue, failing });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export { BUDGETED, CATEGORIES, LABELS };
