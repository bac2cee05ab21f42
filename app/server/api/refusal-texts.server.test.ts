import { describe, expect, it } from "vitest";

import { i18nFor } from "~/server/middleware/i18n.server";
import { ApiError } from "~/utils/api/errors";

import { refusalTexts } from "./refusal-texts.server";

const loginFailure = new ApiError(
  401,
  {
    type: "client_error",
    errors: [
      {
        code: "authentication_failed",
        detail: "No active account found with the given credentials",
        attr: null,
      },
      {
        code: "authentication_failed",
        detail: "Неверный адрес электронной почты или пароль.",
        attr: "non_field_errors",
      },
    ],
  },
  "clientUsersLogin",
);

const refusal = (errors: Array<{ code: string; detail: string; attr: string | null }>) =>
  new ApiError(400, { type: "validation_error", errors }, "op");

describe("the backend's refusals in the page's language", () => {
  it("in Russian, shows the backend's own detail: the sign-in's second entry, a field's entries beside it", async () => {
    const texts = refusalTexts(await i18nFor("rus"));
    expect(texts.message(loginFailure, 1, "fallback")).toBe(
      "Неверный адрес электронной почты или пароль.",
    );
    const taken = refusal([
      { code: "unique", detail: "Пользователь с таким адресом уже есть (backend).", attr: "email" },
    ]);
    expect(texts.fieldErrors(taken, ["email"])).toEqual({
      email: ["Пользователь с таким адресом уже есть (backend)."],
    });
    expect(
      texts.toast(
        refusal([{ code: "cannot_delete_self", detail: "Нельзя (backend).", attr: null }]),
      ),
    ).toBe("Нельзя (backend).");
  });

  it("in English, says the portal's text for every code, a field's own wording first", async () => {
    const texts = refusalTexts(await i18nFor("en"));
    expect(texts.message(loginFailure, 1, "fallback")).toBe("Wrong email address or password.");
    const errors = refusal([
      { code: "unique", detail: "Пользователь с таким адресом уже есть.", attr: "email" },
      { code: "unique", detail: "Уже занято.", attr: "nickname" },
      {
        code: "password_incorrect",
        detail: "Ваш старый пароль введён неправильно.",
        attr: "old_password",
      },
    ]);
    expect(texts.fieldErrors(errors, ["email", "nickname", "old_password"])).toEqual({
      email: ["An account with this email address already exists."],
      nickname: ["This value is already taken."],
      old_password: ["The current password is wrong. Please enter it again."],
    });
  });

  it("shows the backend's detail, marked as Russian, only for a code the portal does not know", async () => {
    const texts = refusalTexts(await i18nFor("en"));
    const unknown = refusal([
      { code: "quota_exceeded", detail: "Превышена квота.", attr: "email" },
    ]);
    expect(texts.fieldErrors(unknown, ["email"])).toEqual({ email: ["[lang=ru]Превышена квота."] });
    // A toast cannot mark a language: the portal's generic text instead.
    expect(texts.toast(unknown)).toBe("The request failed. Please try again.");
    // A key path cannot be smuggled in through a code.
    expect(texts.text({ code: "backend.email.unique", detail: "Текст.", attr: null })).toBe(
      "[lang=ru]Текст.",
    );
  });

  it("in Sakha, says the portal's text too (from its fallback chain), never the bare detail", async () => {
    const texts = refusalTexts(await i18nFor("ykt"));
    expect(texts.message(loginFailure, 1, "fallback")).not.toBe(
      "No active account found with the given credentials",
    );
    expect(texts.text({ code: "quota_exceeded", detail: "Превышена квота.", attr: null })).toBe(
      "[lang=ru]Превышена квота.",
    );
  });
});
