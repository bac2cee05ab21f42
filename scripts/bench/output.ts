// How the bench prints: figures with their units, aligned tables, section headings.

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "—" : `${value.toFixed(1)} ms`;
export const cpuMsText = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? "—" : `${value.toFixed(2)} ms`;
export const mb = (kib: number) => `${(kib / 1024).toFixed(1)} MB`;
export const int = (value: number) => Math.round(value).toLocaleString("en-US");
export const pct = (ratio: number) => `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)}%`;
export const seconds = (milliseconds: number | undefined) =>
  milliseconds === undefined || Number.isNaN(milliseconds)
    ? "—"
    : `${(milliseconds / 1000).toFixed(2)} s`;

type Cell = string | number | undefined | null;

/** A column is numeric when every cell is a number with an optional unit (right-aligned then). */
const NUMERIC = /^(?:[-+]?[\d.,]+\s?(?:%|KB|MB|ms|s|×)?|—)$/;

/** Rows under a header, columns aligned; the text, for printing or testing. */
export function formatTable(headers: string[], rows: Cell[][], indent = "  "): string {
  const cells = [headers, ...rows].map((row) => headers.map((_, i) => String(row[i] ?? "")));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const numeric = headers.map(
    (_, i) => i > 0 && rows.every((row) => NUMERIC.test(String(row[i] ?? "—"))),
  );
  const line = (row: string[]) =>
    indent +
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [
    line(cells[0]),
    indent + widths.map((w) => "-".repeat(w)).join("  "),
    ...cells.slice(1).map(line),
  ].join("\n");
}

export function table(headers: string[], rows: Cell[][]) {
  console.log(formatTable(headers, rows));
}

export function note(...lines: string[]) {
  for (const line of lines) console.log(`  ${line}`);
}

/** A transient status line on a terminal (erased by the next output); nothing in a log. */
export function progress(text: string) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K  ${text}`);
}

export function endProgress() {
  if (process.stdout.isTTY) process.stdout.write("\r\x1b[K");
}

export function heading(title: string) {
  console.log(`\n== ${title} ${"=".repeat(Math.max(0, 74 - title.length))}`);
}
