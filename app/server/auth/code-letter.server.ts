/**
 * What registration and the password reset share: a code sent by letter,
 * which may be sent again once the cooldown (RESEND_COOLDOWN_SECONDS) is over.
 */
import { randomUUID } from "node:crypto";
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";

import { getEnv } from "~/server/config/env.server";
import { getI18n } from "~/server/middleware/i18n.server";
import { formatCountdown, secondsUntilResend } from "~/utils/format/countdown";

type Context = Readonly<RouterContextProvider>;

/** When the last code was sent and which it was: in each flow's state in the session. */
export interface CodeLetter {
  /** When the last code was sent (ms since epoch), for the resend countdown. */
  sentAt?: number;
  /** Names the code last sent, for the count of its tries (app/server/http/limits.server.ts). */
  codeId?: string;
}

/** A code just sent. */
export function newCodeLetter(): Required<CodeLetter> {
  return { sentAt: Date.now(), codeId: randomUUID() };
}

/** For the code step's countdown: seconds left, and when (ms since epoch) resending opens. */
export function resendCountdown({ sentAt }: CodeLetter) {
  const cooldown = getEnv().RESEND_COOLDOWN_SECONDS;
  return {
    secondsLeft: secondsUntilResend(sentAt, Date.now(), cooldown),
    resendAt: (sentAt ?? 0) + cooldown * 1000,
    sentAt: sentAt ?? 0,
  };
}

/**
 * The code step's form again, when «Отправить повторно» came before the
 * countdown ended (a page kept open, a second tab); null when it may be sent.
 */
export function tooEarlyToResend(
  submission: Pick<Submission<unknown>, "reply">,
  letter: CodeLetter,
  context: Context,
  hideFields?: string[],
) {
  const left = secondsUntilResend(letter.sentAt, Date.now(), getEnv().RESEND_COOLDOWN_SECONDS);
  if (left <= 0) return null;
  const formErrors = [
    getI18n(context).t("register.resendTooEarly", { time: formatCountdown(left) }),
  ];
  return data({ result: submission.reply({ formErrors, hideFields }) }, { status: 429 });
}
