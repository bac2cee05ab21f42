import type net from "node:net";
import { describe, expect, it } from "vitest";

import { LinkDirection } from "./throttle";

/** A clock and timers of the test's own: the link's timing read exactly. */
function fakeTime() {
  let now = 0;
  const timers: Array<{ at: number; run: () => void }> = [];
  return {
    now: () => now,
    later: (ms: number, run: () => void) => void timers.push({ at: now + Math.max(0, ms), run }),
    runAll() {
      while (timers.length > 0) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift()!;
        now = next.at;
        next.run();
      }
    },
  };
}

function socket(name: string, log: string[], clock: () => number) {
  return {
    destroyed: false,
    write: (data: Buffer) => void log.push(`${clock()} ${name} ${data.length}`),
    end: () => void log.push(`${clock()} ${name} end`),
  } as unknown as net.Socket;
}

describe("the bench's slow link", () => {
  it("carries pieces at its rate, round-robin between connections, each after the one-way delay", () => {
    const time = fakeTime();
    const log: string[] = [];
    // 1460 bytes a second: one piece a second; 100 ms one way.
    const link = new LinkDirection({ bytesPerSecond: 1460, oneWayMs: 100 }, time.now, time.later);
    const a = socket("a", log, time.now);
    const b = socket("b", log, time.now);
    link.send(a, Buffer.alloc(2920));
    link.send(b, Buffer.alloc(1460));
    link.send(a, "end");
    time.runAll();
    expect(log).toEqual(["1100 a 1460", "2100 b 1460", "3100 a 1460", "3100 a end"]);
    expect(link.carried).toBe(4380);
  });
});
