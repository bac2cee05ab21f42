/**
 * The stand-in's wording of error details: Django's and DRF's Russian
 * translations (and simplejwt's English), as the company's backend words
 * them today. The contract fixes codes and attrs, not the words, so another
 * backend is not held to these.
 */
import { describe, expect, test } from "vitest";

import { PILLOW_EXTENSIONS } from "../../src/validation.js";
import {
  adminToken,
  call,
  createPost,
  expectError,
  FORGED,
  get,
  post,
  RESIDENT,
} from "../helpers.js";
import { form, JPEG } from "../images.js";

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

  test("a name whose extension Pillow does not register: Django's FileExtensionValidator message", async () => {
    const target = await createPost();
    const token = await adminToken();
    const sent = (name: string) =>
      call("POST", "admin/posts/images/", {
        body: form({ post: target.id }, { bytes: JPEG, name, type: "image/jpeg" }),
        token,
      });
    const allowed = PILLOW_EXTENSIONS.join(", ");
    expect(
      expectError(await sent("photo.jpg_large"), 400, "invalid_extension", "image").errors[0]!
        .detail,
    ).toBe(`Расширение файлов “jpg_large” не поддерживается. Разрешенные расширения: ${allowed}.`);
    expect(
      expectError(await sent("IMG_0412"), 400, "invalid_extension", "image").errors[0]!.detail,
    ).toBe(`Расширение файлов “” не поддерживается. Разрешенные расширения: ${allowed}.`);
    expect(allowed.startsWith("bmp, dib, gif, tif, tiff, jfif, jpe, jpg, jpeg,")).toBe(true);
  });

  test("a token error: simplejwt's dict flattened into several entries, the first holding the code", async () => {
    const response = await get("client/users/me/", { token: FORGED });
    const body = expectError(response, 401, "token_not_valid");
    expect(body.errors.every((error) => error.code === "token_not_valid")).toBe(true);
    expect(body.errors[0]!.detail).toBe("Given token not valid for any token type");
    expect(body.errors.map((error) => error.detail)).toContain("Token is invalid or expired");
  });
});
