// CPU time for the test stages' reports: the machine is shared, so wall time alone says little.
import { readFileSync } from "node:fs";

/**
 * CPU seconds (user and system) of this process's children that have ended, their own ended
 * children included: /proc/self/stat's cutime and cstime, in the kernel's 100 ticks a second.
 */
export function childrenCpuSeconds() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
