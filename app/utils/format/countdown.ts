/** The resend countdown: computed by the server from when the code was sent. */

export const resendCooldownSeconds = 60;

export function secondsUntilResend(
  sentAt: number | undefined,
  now = Date.now(),
  cooldown = resendCooldownSeconds,
) {
  if (!sentAt) return 0;
  const left = Math.ceil((sentAt + cooldown * 1000 - now) / 1000);
  return Math.max(0, Math.min(cooldown, left));
}

/** «1:00», «0:07». */
export function formatCountdown(seconds: number) {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, "0")}`;
}
