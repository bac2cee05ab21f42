import { describe, expect, it } from "vitest";

import { BackendTime } from "./request-context";

describe("BackendTime", () => {
  it("is nothing before any call", () => {
    expect(new BackendTime().ms).toBe(0);
  });

  it("adds calls made one after the other", () => {
    const time = new BackendTime();
    time.add(3, 10); // 7–10
    time.add(4, 20); // 16–20
    expect(time.ms).toBe(7);
  });

  it("counts calls side by side once, whichever ends first", () => {
    const time = new BackendTime();
    time.add(1, 6); // 5–6, inside the next one
    time.add(10, 10); // 0–10
    time.add(5, 12); // 7–12, overlapping its end
    expect(time.ms).toBe(12);
  });

  it("leaves out the gaps between calls that overlap others", () => {
    const time = new BackendTime();
    time.add(4, 4); // 0–4
    time.add(2, 5); // 3–5
    time.add(2, 10); // 8–10
    expect(time.ms).toBe(7);
  });
});
