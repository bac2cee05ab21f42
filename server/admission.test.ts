import { describe, expect, it } from "vitest";

import { createAdmission } from "./admission";

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

describe("admission of requests", () => {
  it("starts one request per turn, in the order they came", () => {
    const loop = manualLoop();
    const admission = createAdmission(loop.nextTurn);
    const started: string[] = [];
    for (const name of ["a", "b", "c"]) admission.admit(() => started.push(name));
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
    const admission = createAdmission(loop.nextTurn);
    const events: string[] = [];
    // The first request's backend answers in the next turn; nine more requests came with it.
    admission.admit(() => {
      events.push("start first");
      loop.nextTurn(() => events.push("first answered"));
    });
    for (let index = 2; index <= 10; index += 1)
      admission.admit(() => events.push(`start ${index}`));
    loop.turn();
    loop.turn();
    expect(events).toEqual(["start first", "start 2", "first answered"]);
  });

  it("keeps starting the others when one start throws", () => {
    const loop = manualLoop();
    const admission = createAdmission(loop.nextTurn);
    const started: string[] = [];
    admission.admit(() => {
      throw new Error("boom");
    });
    admission.admit(() => started.push("b"));
    expect(() => loop.turn()).toThrow("boom");
    loop.turn();
    expect(started).toEqual(["b"]);
  });

  it("starts a request that comes to an empty queue in the next turn", () => {
    const loop = manualLoop();
    const admission = createAdmission(loop.nextTurn);
    const started: string[] = [];
    admission.admit(() => started.push("a"));
    loop.turn();
    admission.admit(() => started.push("b"));
    loop.turn();
    expect(started).toEqual(["a", "b"]);
  });
});
