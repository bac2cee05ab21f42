import { describe, expect, it } from "vitest";

import { parseOptions, SECTIONS } from "./context";
import { formatTable } from "./output";
import { cpuMsFromStat } from "./proc";

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
