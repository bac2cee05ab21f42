import { describe, expect, it } from "vitest";

import { normalizePhone } from "~/utils/schemas/field-rules";

import { formatPhone } from "./phone-input";

describe("the phone mask", () => {
  it("turns a first digit into +7 and formats as typed", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("8")).toBe("+7");
    expect(formatPhone("7")).toBe("+7");
    expect(formatPhone("9")).toBe("+7 (9");
    expect(formatPhone("914")).toBe("+7 (914)");
    expect(formatPhone("89141234567")).toBe("+7 (914) 123-45-67");
    expect(formatPhone("+7 (914) 123-45-678")).toBe("+7 (914) 123-45-67");
  });

  it("is sent as 11 digits starting with 7", () => {
    expect(normalizePhone("+7 (914) 123-45-67")).toBe("79141234567");
    expect(normalizePhone("8 914 123 45 67")).toBe("79141234567");
    expect(normalizePhone("9141234567")).toBe("79141234567");
    expect(normalizePhone("123")).toBe("123");
  });
});
