// What every section gets: the options of the run and the running stack.
import type { Floor } from "./floor";

export const SECTIONS = [
  "weight",
  "speed",
  "slow",
  "memory",
  "soak",
  "bodies",
  "replicas",
  "lighthouse",
  "worker",
  "busy",
] as const;
export type Section = (typeof SECTIONS)[number];

/** The browsers of the bench read Russian, as the portal's residents do (without it Chromium asks for English pages). */
export const BROWSER_LOCALE = "ru-RU";

export interface Options {
  quick: boolean;
  strict: boolean;
  build: boolean;
  only: Set<Section>;
}

export const USAGE = `Usage: npm run bench -- [--quick] [--strict] [--build] [--only=${SECTIONS.join(",")}]`;

/** Reads the command line; throws with the usage on anything unknown. */
export function parseOptions(argv: string[]): Options {
  const options: Options = { quick: false, strict: false, build: false, only: new Set(SECTIONS) };
  for (const arg of argv) {
    if (arg === "--quick") options.quick = true;
    else if (arg === "--strict") options.strict = true;
    else if (arg === "--build") options.build = true;
    else if (arg.startsWith("--only=")) {
      const names = arg.slice("--only=".length).split(",").filter(Boolean);
      const unknown = names.filter((name) => !(SECTIONS as readonly string[]).includes(name));
      if (unknown.length > 0 || names.length === 0)
        throw new Error(`Unknown section(s) ${unknown.join(", ") || "(none)"}. ${USAGE}`);
      options.only = new Set(names as Section[]);
    } else throw new Error(`Unknown option ${arg}. ${USAGE}`);
  }
  return options;
}

/** Processes a section started and has not stopped yet: main stops them on Ctrl-C. */
export const running = new Set<{ stop(): Promise<unknown> }>();

/** Runs `body` with a started process registered in `running`, and stops it after. */
export async function withRunning<T extends { stop(): Promise<unknown> }, R>(
  started: T,
  body: (process: T) => Promise<R>,
): Promise<R> {
  running.add(started);
  try {
    return await body(started);
  } finally {
    running.delete(started);
    await started.stop();
  }
}

export interface Stack {
  portalUrl: string;
  backendUrl: string;
  portalPid: number;
  backendPid: number;
}

export interface Context {
  options: Options;
  /** Seconds per measured run, per warm-up, per soak, per load of the busy hour. */
  durations: { speed: number; warmup: number; soak: number; rounds: number; busy: number };
  stack: Stack;
  floor: Floor;
  residentCookie: string;
  adminCookie: string;
  postId: number;
  /** Requests the main portal has served before the memory section (which reports it). */
  served: number;
  /** Requests per second the soak's 100 connections were served with a 200, when the soak ran. */
  soakServedPerSecond?: number;
}

export function durationsFor(quick: boolean): Context["durations"] {
  return quick
    ? { speed: 2, warmup: 1, soak: 10, rounds: 2, busy: 10 }
    : { speed: 4, warmup: 2, soak: 60, rounds: 3, busy: 30 };
}
