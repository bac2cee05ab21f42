import { describe, expect, it } from "vitest";

import { BoundedMap } from "./bounded-map";

describe("a bounded map", () => {
  it("never holds more than its bound, however many new keys arrive, and forgets the oldest", () => {
    const map = new BoundedMap<string, number>(100);
    for (let i = 0; i < 10_000; i++) map.set(`key ${i}`, i);
    expect(map.size).toBe(100);
    expect(map.has("key 0")).toBe(false);
    expect(map.has("key 9899")).toBe(false);
    expect(map.get("key 9900")).toBe(9900);
    expect(map.get("key 9999")).toBe(9999);
  });

  it("counts a key written again as the newest, without growing", () => {
    const map = new BoundedMap<string, number>(3);
    map.set("a", 1).set("b", 2).set("c", 3);
    map.set("a", 10);
    expect(map.size).toBe(3);
    map.set("d", 4);
    expect([...map.keys()]).toEqual(["c", "a", "d"]);
    expect(map.get("a")).toBe(10);
  });
});
