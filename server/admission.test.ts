import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";

import { clientLeft, createAdmission } from "./admission";

/** Turns of a loop kept by hand: each call of `turn()` runs what was due before it. */
function manualLoop() {
  let due: (() => void)[] = [];
  return {
    nextTurn: (callback: () => void) => void due.push(callback),
    turn() {
      const now = due;
      due = [];
      for (const callback of now) callback();
    },
  };
}

/** An admission on a clock and a loop kept by hand, whose requests say what happened to them. */
function clocked(maxWaitMs: number) {
  const loop = manualLoop();
  const clock = { now: 0 };
  const admission = createAdmission({ maxWaitMs, now: () => clock.now, nextTurn: loop.nextTurn });
  const events: string[] = [];
  const request = (name: string) =>
    admission.admit(
      () => events.push(`start ${name}`),
      () => events.push(`refuse ${name}`),
    );
  return { loop, clock, admission, events, request };
}

const unexpected = () => {
  throw new Error("refused");
};

describe("admission of requests", () => {
  it("starts one request per turn, in the order they came", () => {
    const loop = manualLoop();
    const admission = createAdmission({ maxWaitMs: Infinity, nextTurn: loop.nextTurn });
    const started: string[] = [];
    for (const name of ["a", "b", "c"]) admission.admit(() => started.push(name), unexpected);
    expect(started).toEqual([]);
    expect(admission.waiting()).toBe(3);
    loop.turn();
    expect(started).toEqual(["a"]);
    loop.turn();
    expect(started).toEqual(["a", "b"]);
    loop.turn();
    expect(started).toEqual(["a", "b", "c"]);
    expect(admission.waiting()).toBe(0);
  });

  it("lets a request under way go on after one new start, not after all that came with it", () => {
    const loop = manualLoop();
    const admission = createAdmission({ maxWaitMs: Infinity, nextTurn: loop.nextTurn });
    const events: string[] = [];
    // The first request's backend answers in the next turn; nine more requests came with it.
    admission.admit(() => {
      events.push("start first");
      loop.nextTurn(() => events.push("first answered"));
    }, unexpected);
    for (let index = 2; index <= 10; index += 1)
      admission.admit(() => events.push(`start ${index}`), unexpected);
    loop.turn();
    loop.turn();
    expect(events).toEqual(["start first", "start 2", "first answered"]);
  });

  it("keeps starting the others when one start throws", () => {
    const loop = manualLoop();
    const admission = createAdmission({ maxWaitMs: Infinity, nextTurn: loop.nextTurn });
    const started: string[] = [];
    admission.admit(() => {
      throw new Error("boom");
    }, unexpected);
    admission.admit(() => started.push("b"), unexpected);
    expect(() => loop.turn()).toThrow("boom");
    loop.turn();
    expect(started).toEqual(["b"]);
  });

  it("starts a request that comes to an empty queue in the next turn", () => {
    const loop = manualLoop();
    const admission = createAdmission({ maxWaitMs: Infinity, nextTurn: loop.nextTurn });
    const started: string[] = [];
    admission.admit(() => started.push("a"), unexpected);
    loop.turn();
    admission.admit(() => started.push("b"), unexpected);
    loop.turn();
    expect(started).toEqual(["a", "b"]);
  });

  it("never refuses a burst, however many come at once, while each starts in time", () => {
    const { loop, clock, admission, events, request } = clocked(1000);
    for (let index = 0; index < 5000; index += 1) request(String(index));
    // A quiet machine: 0.1 ms a start, 500 ms for the whole burst.
    while (admission.waiting() > 0) {
      clock.now += 0.1;
      loop.turn();
    }
    expect(events.filter((event) => event.startsWith("start"))).toHaveLength(5000);
    expect(events.filter((event) => event.startsWith("refuse"))).toEqual([]);
  });

  it("refuses at the head a request that waited its longest, and starts the next in that turn", () => {
    const { loop, clock, admission, events, request } = clocked(1000);
    request("a");
    clock.now = 500;
    request("b");
    clock.now = 1000;
    loop.turn();
    expect(events).toEqual(["refuse a", "start b"]);
    expect(admission.waiting()).toBe(0);
  });

  it("refuses at once what comes while the head has waited its longest, and admits again once it moves", () => {
    const { loop, clock, events, request } = clocked(1000);
    request("a");
    request("b");
    clock.now = 999;
    request("c");
    clock.now = 1000;
    request("d");
    // Refused in the same call, before any turn: the resident is told at once.
    expect(events).toEqual(["refuse d"]);
    loop.turn();
    expect(events).toEqual(["refuse d", "refuse a", "refuse b", "start c"]);
    request("e");
    loop.turn();
    expect(events.at(-1)).toBe("start e");
  });

  it("keeps the others going when a refusal throws", () => {
    const { loop, clock, admission, events, request } = clocked(10);
    admission.admit(unexpected, () => {
      throw new Error("boom");
    });
    clock.now = 5;
    request("b");
    clock.now = 10;
    expect(() => loop.turn()).toThrow("boom");
    loop.turn();
    expect(events).toEqual(["start b"]);
  });
  it("drops a request whose client left, and judges the next by the first still there", () => {
    const { loop, clock, admission, events } = clocked(100);
    const gone = new Set<string>();
    const request = (name: string) =>
      admission.admit(
        () => events.push(`start ${name}`),
        () => events.push(`refuse ${name}`),
        () => gone.has(name),
      );
    // A spike's end: the requests that waited longest all left.
    for (const name of ["a", "b", "c"]) request(name);
    clock.now = 150;
    for (const name of ["a", "b", "c"]) gone.add(name);
    request("next");
    loop.turn();
    expect(events).toEqual(["start next"]);
    expect(admission.waiting()).toBe(0);
  });

  it("still refuses behind a request that waited too long and is still there", () => {
    const { loop, clock, events, admission } = clocked(100);
    const gone = new Set<string>(["b"]);
    const request = (name: string) =>
      admission.admit(
        () => events.push(`start ${name}`),
        () => events.push(`refuse ${name}`),
        () => gone.has(name),
      );
    request("a");
    request("b");
    clock.now = 150;
    request("late");
    expect(events).toEqual(["refuse late"]);
    loop.turn();
    // "a" waited too long and is refused at the head; "b" left and is neither started nor refused.
    expect(events).toEqual(["refuse late", "refuse a"]);
    expect(admission.waiting()).toBe(0);
  });

  it("does not refuse behind a request whose client has just closed its connection", async () => {
    const { loop, clock, admission, events } = clocked(100);
    let judge = () => {};
    const judged = new Promise<void>((resolve) => (judge = resolve));
    const server = http.createServer((req) => {
      admission.admit(
        () => events.push("start gone"),
        () => events.push("refuse gone"),
        () => clientLeft(req),
      );
      clock.now = 150;
      // Node has read the client's end of the connection and not yet destroyed the socket: the
      // turn in which the next request of a load's end is judged.
      req.socket.once("end", () => {
        admission.admit(
          () => events.push("start next"),
          () => events.push("refuse next"),
        );
        judge();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = net.connect(port, "127.0.0.1", () => {
        client.write("GET / HTTP/1.1\r\nHost: portal\r\n\r\n", () => client.destroy());
      });
      await judged;
      loop.turn();
      expect(events).toEqual(["start next"]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
