import { parseWithZod } from "@conform-to/zod/v4";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import { i18nextMiddleware } from "~/server/middleware/i18n.server";
import { ResendSchema } from "~/utils/schemas/auth";

import { newCodeLetter, resendCountdown, tooEarlyToResend } from "./code-letter.server";

beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
});

/** What tooEarlyToResend answers for a letter, in a context the i18n middleware prepared (Russian). */
async function answerFor(letter: { sentAt?: number }) {
  const request = new Request("http://portal.test/auth/registration", { method: "POST" });
  const context = new RouterContextProvider();
  let answer: ReturnType<typeof tooEarlyToResend> | undefined;
  await i18nextMiddleware(
    { request, context, params: {}, unstable_pattern: "/" } as never,
    async () => {
      const submission = parseWithZod(new URLSearchParams({ intent: "resend" }), {
        schema: ResendSchema,
      });
      answer = tooEarlyToResend(submission, letter, context, ["password"]);
      return new Response();
    },
  );
  return answer;
}

describe("the letter with the code", () => {
  it("a new letter is sent now and named by a new id", () => {
    const [first, second] = [newCodeLetter(), newCodeLetter()];
    expect(Math.abs(first.sentAt - Date.now())).toBeLessThan(1000);
    expect(first.codeId).not.toBe(second.codeId);
  });

  it("the countdown runs from the letter's time; no letter, nothing to wait for", () => {
    const countdown = resendCountdown({ sentAt: Date.now() });
    expect(countdown.secondsLeft).toBeGreaterThan(0);
    expect(countdown.resendAt - countdown.sentAt).toBe(countdown.secondsLeft * 1000);
    expect(resendCountdown({}).secondsLeft).toBe(0);
  });

  it("resending before the countdown ends is the form again, 429, saying how long is left", async () => {
    const answer = await answerFor({ sentAt: Date.now() });
    expect(answer?.init?.status).toBe(429);
    expect(answer?.data.result.error?.[""]?.[0]).toMatch(/^Отправить код повторно можно через/);
  });

  it("once the countdown ended, resending may go on", async () => {
    expect(await answerFor({ sentAt: Date.now() - 3_600_000 })).toBeNull();
  });
});
