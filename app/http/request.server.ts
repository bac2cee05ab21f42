import { data } from "react-router";
import { detectLanguage, i18nFor } from "~/middleware/i18n.server";

/**
 * The submitted form, or a 4xx that says what is wrong with the request:
 * JSON, plain text or a broken multipart body is not a form.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const say = async (key: string) => (await i18nFor(await detectLanguage(request))).t(key);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw data({ message: await say("errors:notAForm") }, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ message: await say("errors:formUnreadable") }, { status: 400 });
  }
}
