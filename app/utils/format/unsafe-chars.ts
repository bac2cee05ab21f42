/**
 * Characters that change how text is shown without being seen: zero-width
 * characters, bidirectional marks, overrides and isolates (U+202E shows what
 * follows backwards), line and paragraph separators, the BOM. A regular
 * expression class body, shared by the form rules and the logger.
 */
export const invisibleChars =
  "\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF";

/** DEL and the C1 controls (U+0085 is a line break, U+009B starts terminal sequences). */
export const c1Controls = "\\u007F-\\u009F";
