import { describe, expect, it } from "vitest";

import { languageAbbreviations, languageNames, languages } from "./config";

describe("the language switch's names", () => {
  // The narrow top bar shows the abbreviation, the accessible name is the whole name:
  // what is seen must be part of what is said (WCAG 2.5.3), and no two may look alike.
  it("each abbreviation is the beginning of its language's own name, and each is different", () => {
    for (const lng of languages)
      expect(languageNames[lng].startsWith(languageAbbreviations[lng]), lng).toBe(true);
    expect(new Set(languages.map((lng) => languageAbbreviations[lng])).size).toBe(languages.length);
  });
});
