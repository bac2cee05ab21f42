import { data } from "react-router";

/**
 * The submitted form, or a 4xx that says what is wrong with the request:
 * JSON, plain text or a broken multipart body is not a form.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw data({ message: "Ожидается отправка формы." }, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ message: "Не удалось прочитать форму. Обновите страницу и попробуйте ещё раз." }, { status: 400 });
  }
}
