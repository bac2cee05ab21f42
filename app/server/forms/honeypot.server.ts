import { data } from "react-router";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";

import { getEnv } from "~/server/config/env.server";

/** A hidden field bots fill in; signed with the session secret, so stateless. */
let honeypot: Honeypot | undefined;

export function getHoneypot() {
  honeypot ??= new Honeypot({
    validFromFieldName: null,
    encryptionSeed: getEnv().SESSION_SECRET.split(",")[0],
  });
  return honeypot;
}

let inputProps: ReturnType<Honeypot["getInputProps"]> | undefined;

/**
 * The honeypot inputs' props. The time field is off (validFromFieldName:
 * null), so they are the same for every page: made once, not encrypted anew
 * for each request (a few per cent of a page's server time).
 */
export function getHoneypotInputProps() {
  inputProps ??= getHoneypot().getInputProps();
  return inputProps;
}

/** A form a bot filled in is refused with a 400 (`message`: what the error page says). */
export async function checkHoneypot(formData: FormData, message: string) {
  try {
    await getHoneypot().check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw data({ message }, { status: 400 });
    throw error;
  }
}
