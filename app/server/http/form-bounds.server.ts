/**
 * Bounds on what one submitted form may make the server build or send back.
 *
 * Form libraries turn field names into structure: `a[40000000]` becomes an
 * array of forty million slots, `a.a.a…` twenty thousand nested objects, and
 * an invalid form is sent back whole (every hole as a null). The 64 KB body
 * limit does not stop that: the names are short. So the FormData is checked
 * here, at the request boundary, before any form library reads it; the check
 * knows nothing of the library but the names of its own JSON fields.
 *
 * Every bound is far above any form of ours: at most about fifteen fields,
 * flat names under 30 characters, no lists (docs/decisions/011-http-edge.md).
 */
import { INTENT, STATE } from "@conform-to/dom";

export const formBounds = {
  /** Entries, files included. */
  fields: 200,
  /** Characters in one field name. */
  nameLength: 200,
  /** Segments of one name: `a.b[0]` has three. */
  depth: 8,
  /** The largest list index a name may hold: `a[100]`. */
  index: 100,
  /** List slots all names may open together (index + 1 each): the holes an echo would carry. */
  slots: 1000,
  /** Characters of all text values together: the form limit, which the upload form's fields are not under. */
  textChars: 64 * 1024,
  /** Nesting of the JSON a form library reads from its own fields. */
  jsonDepth: 16,
} as const;

/**
 * Fields whose value the form library parses as JSON (conform's control
 * fields: an intent names a field and a list index, the state is sent back).
 */
const jsonFields = new Set([INTENT, STATE]);

export type FormBreach = {
  bound: keyof typeof formBounds | "json";
  /** 413 when the form is simply too much, 400 when its shape is not a form's. */
  status: 400 | 413;
  /** The field at fault, cut short for the log. */
  field?: string;
};

/** The first bound `formData` breaks, or null when it is within all of them. */
export function formBreach(formData: FormData): FormBreach | null {
  let fields = 0;
  let textChars = 0;
  const slots = { used: 0 };
  for (const [name, value] of formData) {
    fields += 1;
    if (fields > formBounds.fields) return { bound: "fields", status: 413 };
    const nameBreach = checkName(name, slots);
    if (nameBreach) return nameBreach;
    if (typeof value === "string") {
      textChars += value.length;
      if (textChars > formBounds.textChars)
        return { bound: "textChars", status: 413, field: name.slice(0, 50) };
    }
    if (jsonFields.has(name)) {
      const jsonBreach = checkJsonField(value, slots);
      if (jsonBreach) return { ...jsonBreach, field: name };
    }
  }
  return null;
}

/** One name's length, depth and list indices; the indices' slots are added to `slots`. */
function checkName(name: string, slots: { used: number }): FormBreach | null {
  const field = name.slice(0, 50);
  if (name.length > formBounds.nameLength) return { bound: "nameLength", status: 400, field };
  // Each "." or "[" opens a level, whatever syntax the library reads.
  let depth = 1;
  for (const char of name) if (char === "." || char === "[") depth += 1;
  if (depth > formBounds.depth) return { bound: "depth", status: 400, field };
  for (const segment of name.split(/[.[\]]+/)) {
    if (!/^\d+$/.test(segment)) continue;
    const index = Number(segment);
    if (index > formBounds.index) return { bound: "index", status: 400, field };
    slots.used += index + 1;
    if (slots.used > formBounds.slots) return { bound: "slots", status: 400, field };
  }
  return null;
}

/**
 * A JSON control field: text, nested no deeper than the bound (measured
 * before parsing, so nothing recurses on a deep one), and any field name or
 * list index inside it (an intent's `name`, `index`, `from`, `to`) within the
 * same bounds as the form's own names.
 */
function checkJsonField(
  value: FormDataEntryValue,
  slots: { used: number },
): Omit<FormBreach, "field"> | null {
  if (typeof value !== "string") return { bound: "json", status: 400 };
  if (jsonDepth(value) > formBounds.jsonDepth) return { bound: "jsonDepth", status: 400 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { bound: "json", status: 400 };
  }
  return checkJsonNames(parsed, slots);
}

function checkJsonNames(node: unknown, slots: { used: number }): Omit<FormBreach, "field"> | null {
  if (typeof node !== "object" || node === null) return null;
  const record = node as Record<string, unknown>;
  if (!Array.isArray(node)) {
    for (const key of ["index", "from", "to"]) {
      const index = record[key];
      if (
        index !== undefined &&
        !(
          Number.isInteger(index) &&
          (index as number) >= 0 &&
          (index as number) <= formBounds.index
        )
      ) {
        return { bound: "index", status: 400 };
      }
    }
    if (typeof record.name === "string") {
      const index = typeof record.index === "number" ? `[${record.index}]` : "";
      const breach = checkName(`${record.name}${index}`, slots);
      if (breach) return { bound: breach.bound, status: breach.status };
    }
  }
  for (const child of Object.values(record)) {
    const breach = checkJsonNames(child, slots);
    if (breach) return breach;
  }
  return null;
}

/** How deep arrays and objects nest in JSON text, without parsing it (strings skipped). */
export function jsonDepth(text: string) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}") depth -= 1;
  }
  return deepest;
}
