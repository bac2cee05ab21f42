/**
 * A walk through every page of the site map, as each visitor sees it (real
 * ids from the demo data, error and confirmation pages included), one page
 * load for every check a page needs:
 * - it fits a phone at 320, 360 and 390 px, and in Sakha, whose words are
 *   the longest, at 320: the document is never wider than the screen and no
 *   visible element reaches past its right edge;
 * - with JavaScript, it hydrates with one title and one description in its
 *   head, and axe and HTML_CodeSniffer find nothing on it at 1280 px.
 *   Both run inside the page; the markup they check is the server's, the same
 *   that residents without JavaScript get, plus what the scripts add.
 * The walk is cut into parts that run in parallel; the first failure names the page.
 */
import {
  admin,
  chooseLanguage,
  expect,
  expectFits,
  expectNoAxeViolations,
  expectNoHtmlcsErrors,
  hydrated,
  resident,
  signIn,
  test,
  withAccessibilityEngines,
} from "./fixtures";
import { demoIds, pagesFor, type Who } from "./site-pages";

const users = { resident, admin } as const;
const visitors = {
  guest: "signed out",
  resident: "as a resident",
  admin: "as an administrator",
} as const;

/** The walk in parts of at most eight pages, of even size; the site map gives the number of pages
 * before the walk (with real ids, a parameter page can name a page listed already: one fewer). */
function parts(who: Who) {
  const count = pagesFor(who, {}).length;
  const size = Math.ceil(count / Math.ceil(count / 8));
  return Array.from({ length: Math.ceil(count / size) }, (_, index) => ({
    from: index * size,
    to: Math.min((index + 1) * size, count),
  }));
}

test.describe("every page fits a phone; with JavaScript, axe and HTML_CodeSniffer find nothing on it", () => {
  for (const who of ["guest", "resident", "admin"] as const) {
    for (const language of ["rus", "ykt"] as const) {
      for (const { from, to } of parts(who)) {
        test(`pages ${from + 1}–${to} ${visitors[who]}${language === "rus" ? "" : ", in Sakha at 320 px"}`, async ({
          page,
          context,
          baseURL,
          jsEnabled,
        }) => {
          test.setTimeout(120_000);
          if (who !== "guest") await signIn(page, users[who]);
          if (language !== "rus") await chooseLanguage(context, baseURL, language);
          const paths = pagesFor(who, await demoIds()).slice(from, to);
          expect(paths.length).toBeGreaterThan(0);
          const checkAccessibility = language === "rus" && jsEnabled;
          if (checkAccessibility) await withAccessibilityEngines(context);
          for (const path of paths) {
            await page.setViewportSize({ width: checkAccessibility ? 1280 : 390, height: 800 });
            const response = await page.goto(path);
            if (jsEnabled) {
              // Hydrated, the head keeps one title, and a public page its one description (React must not add a second).
              // Read in one call: the first locator on a page costs Playwright ~0.1 s to set up, and nothing else here needs one.
              await hydrated(page);
              const head = await page.evaluate(() => ({
                titles: document.querySelectorAll("title").length,
                descriptions: document.querySelectorAll('meta[name="description"]').length,
              }));
              expect(head.titles, `${path}: <title> elements`).toBe(1);
              if (who === "guest" && response?.status() === 200)
                expect(head.descriptions, `${path}: descriptions`).toBe(1);
              else expect(head.descriptions, `${path}: descriptions`).toBeLessThanOrEqual(1);
            }
            if (checkAccessibility) {
              await expectNoAxeViolations(page, path);
              await expectNoHtmlcsErrors(page, path);
            }
            for (const width of language === "rus" ? [390, 360, 320] : [320]) {
              await page.setViewportSize({ width, height: 800 });
              await expectFits(
                page,
                `${path} at ${width} px${language === "rus" ? "" : ` in ${language}`}`,
              );
            }
          }
        });
      }
    }
  }
});
