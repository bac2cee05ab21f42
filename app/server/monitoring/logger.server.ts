/**
 * The portal's one logger: JSON lines through pino, on stdout. Request logs,
 * backend failures and the shared store's warnings all go through it, so an
 * operator's log pipeline reads one format. Tests keep it quiet unless asked.
 */
import pino from "pino";

import { c1Controls, invisibleChars } from "~/utils/format/unsafe-chars";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

/**
 * pino escapes C0 controls in strings (ESC, CR, LF become \u001b, \r, \n),
 * but writes DEL, C1 controls (U+009B is CSI to some terminals), bidirectional
 * overrides and line separators as they are. They can only stand inside a
 * JSON string, where a \u escape means the same: a visitor's string then
 * reaches an operator's terminal or log viewer as plain text.
 */
const terminalUnsafe = new RegExp(`[${c1Controls}${invisibleChars}]`, "g");

function escapeForTerminal(line: string) {
  return line.replace(
    terminalUnsafe,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export const loggerOptions: pino.LoggerOptions = {
  level,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  hooks: { streamWrite: escapeForTerminal },
};

export const logger = pino(loggerOptions);

export type Logger = typeof logger;
