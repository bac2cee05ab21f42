import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { data } from "react-router";
import { getEnv } from "./env.server";

/** A hidden field bots fill in; signed with the session secret, so stateless. */
let honeypot: Honeypot | undefined;

export function getHoneypot() {
  honeypot ??= new Honeypot({ validFromFieldName: null, encryptionSeed: getEnv().SESSION_SECRET.split(",")[0] });
  return honeypot;
}

export async function checkHoneypot(formData: FormData) {
  try {
    await getHoneypot().check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw data({ message: "Форма отклонена." }, { status: 400 });
    throw error;
  }
}
