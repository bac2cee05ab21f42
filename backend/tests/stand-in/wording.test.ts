/**
 * The stand-in's wording of error details: Django's and DRF's Russian
 * translations (and simplejwt's English), as the company's backend words
 * them today. The contract fixes codes and attrs, not the words, so another
 * backend is not held to these.
 */
import { describe, expect, test } from "vitest";

import { adminToken, call, createPost, expectError, get, post, RESIDENT } from "../helpers.js";

describe("the stand-in's wording", () => {
  test("not found, method not allowed, not authenticated", async () => {
    expect(
      expectError(await get("client/nothing-here/"), 404, "not_found", null).errors[0]!.detail,
    ).toBe("Не найдено.");
    expect(
      expectError(await get("client/users/login/"), 405, "method_not_allowed", null).errors[0]!
        .detail,
    ).toBe('Метод "GET" не разрешен.');
    expect(
      expectError(await call("DELETE", "client/posts/"), 405, "method_not_allowed").errors[0]!
        .detail,
    ).toBe('Метод "DELETE" не разрешен.');
    expect(
      expectError(await get("client/users/me/"), 401, "not_authenticated", null).errors[0]!.detail,
    ).toBe("Учетные данные не были предоставлены.");
  });

  test("wrong credentials: simplejwt's English, then the Russian the portal shows", async () => {
    const response = await post("client/users/login/", {
      email: RESIDENT.email,
      password: "wrong-password",
    });
    expect(
      expectError(response, 401, "authentication_failed").errors.map((error) => error.detail),
    ).toEqual([
      "No active account found with the given credentials",
      "Неверный адрес электронной почты или пароль.",
    ]);
  });

  test("field errors", async () => {
    const invalid = await post("client/users/login/", { email: "not-an-email", password: "x" });
    expect(expectError(invalid, 400, "invalid", "email").errors[0]!.detail).toBe(
      "Введите правильный адрес электронной почты.",
    );
    const missing = await post("client/users/login/", {});
    expect(
      expectError(missing, 400, "required", "email").errors.map((error) => error.detail),
    ).toEqual(["Это поле обязательно.", "Это поле обязательно."]);
  });

  test("an upload that is not an image: Django's ImageField message", async () => {
    const target = await createPost();
    const form = new FormData();
    form.append("post", String(target.id));
    form.append(
      "image",
      new Blob([Buffer.from("Это не картинка.")], { type: "image/png" }),
      "fake.png",
    );
    const response = await call("POST", "admin/posts/images/", {
      body: form,
      token: await adminToken(),
    });
    expect(expectError(response, 400, "invalid_image", "image").errors[0]!.detail).toBe(
      "Загрузите правильное изображение. Файл, который вы загрузили, поврежден или не является изображением.",
    );
  });
});
