import { describe, expect, it } from "vitest";

import { parseOptions, SECTIONS } from "./context";
import { formatTable } from "./output";
import { cpuMsFromStat, machineCpuFromStat } from "./proc";

describe("the command line", () => {
  it("reads the options and the sections", () => {
    const options = parseOptions(["--quick", "--strict", "--only=speed,lighthouse"]);
    expect(options).toMatchObject({ quick: true, strict: true, build: false });
    expect([...options.only]).toEqual(["speed", "lighthouse"]);
    expect([...parseOptions([]).only]).toEqual([...SECTIONS]);
    expect([...parseOptions(["--only=busy"]).only]).toEqual(["busy"]);
  });

  it("refuses what it does not know", () => {
    expect(() => parseOptions(["--fast"])).toThrow(/Unknown option --fast/);
    expect(() => parseOptions(["--only=speed,sped"])).toThrow(/Unknown section\(s\) sped/);
  });
});

describe("cpuMsFromStat", () => {
  it("adds utime and stime, counting fields after the command (which may hold spaces and parentheses)", () => {
    const stat =
      "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11 0 100 0 0";
    expect(cpuMsFromStat(stat, 100)).toBe(3000);
  });
});

describe("machineCpuFromStat", () => {
  it("counts every state of the first line but idle and iowait as busy", () => {
    const stat = "cpu  400 10 90 1000 50 5 5 0 30 0\ncpu0 200 5 45 500 25 2 3 0 15 0\n";
    expect(machineCpuFromStat(stat, 100)).toEqual({ busy: 5100, total: 15600 });
  });
});

describe("formatTable", () => {
  it("right-aligns numeric columns and pads the rest", () => {
    const text = formatTable(
      ["page", "CPU/req", "ratio"],
      [
        ["/", "2.29 ms", "1.00×"],
        ["/profile/accounts", "9.29 ms", "4.06×"],
      ],
      "",
    );
    expect(text.split("\n")).toEqual([
      "page               CPU/req  ratio",
      "-----------------  -------  -----",
      "/                  2.29 ms  1.00×",
      "/profile/accounts  9.29 ms  4.06×",
    ]);
  });
});

describe("an oversized body refused", () => {
  it("is a 413 or 400, or a reset before the whole body went out, never a body taken whole", async () => {
    const { refused } = await import("./sections/bodies");
    const total = 100 * 1024 * 1024;
    expect(refused({ status: 413, sent: 1024 }, total)).toBe(true);
    expect(refused({ status: "reset", sent: 31 * 1024 * 1024 }, total)).toBe(true);
    expect(refused({ status: "reset", sent: total }, total)).toBe(false);
    expect(refused({ status: 200, sent: total }, total)).toBe(false);
  });
});
