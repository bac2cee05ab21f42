// What a process costs, from /proc: CPU time (every thread: brotli and gzip
// run on libuv's pool) and resident memory.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** utime + stime of /proc/<pid>/stat's text, in ms (fields 14 and 15, counted after the command's closing parenthesis). */
export function cpuMsFromStat(stat: string, ticksPerSecond = clockTicks): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/** CPU time a process has used so far, all threads, in ms. */
export function cpuMs(pid: number): number {
  return cpuMsFromStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

/** Resident memory of a process in KiB (VmRSS). */
export function rssKib(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  if (!line) throw new Error(`no VmRSS for pid ${pid}`);
  return Number.parseInt(line.slice("VmRSS:".length), 10);
}

/** The machine's CPU time so far, all cores, in ms: busy (every state but idle and iowait) and total (/proc/stat's first line). */
export function machineCpuMs(ticksPerSecond = clockTicks): { busy: number; total: number } {
  return machineCpuFromStat(readFileSync("/proc/stat", "utf8"), ticksPerSecond);
}

/** {@link machineCpuMs} from /proc/stat's text. */
export function machineCpuFromStat(
  stat: string,
  ticksPerSecond = clockTicks,
): { busy: number; total: number } {
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest is within user)
  const ticks = stat.split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, each) => sum + each, 0);
  const busy = total - ticks[3] - ticks[4];
  return { busy: (busy * 1000) / ticksPerSecond, total: (total * 1000) / ticksPerSecond };
}

export const settle = (milliseconds = 1000) =>
  new Promise((resolve) => setTimeout(resolve, milliseconds));
