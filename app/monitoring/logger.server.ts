/**
 * The portal's one logger: JSON lines through pino, on stdout. Request logs,
 * backend failures and the shared store's warnings all go through it, so an
 * operator's log pipeline reads one format. Tests keep it quiet unless asked.
 */
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info");

export const logger = pino({
  level,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export type Logger = typeof logger;
