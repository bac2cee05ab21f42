import { describe, expect, it } from "vitest";

import { formatCountdown, secondsUntilResend } from "./countdown";

describe("the resend countdown", () => {
  it("starts at a minute and ends at zero", () => {
    const sentAt = 1_000_000;
    expect(secondsUntilResend(sentAt, sentAt)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 17_500)).toBe(43);
    expect(secondsUntilResend(sentAt, sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend(sentAt, sentAt + 600_000)).toBe(0);
    expect(secondsUntilResend(undefined)).toBe(0);
  });

  it("is written as minutes and seconds", () => {
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(7)).toBe("0:07");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(-3)).toBe("0:00");
  });
});
