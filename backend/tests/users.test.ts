/**
 * Client API: profile, password change, and what of registration and reset
 * needs no mailbox (the flows that read a code: stand-in/codes.test.ts).
 */
import { describe, expect, test } from "vitest";

import {
  call,
  createUser,
  expectError,
  expectFieldErrors,
  expectKeys,
  get,
  login,
  post,
  RESIDENT,
  USER_KEYS,
  type User,
} from "./helpers.js";

const patchMe = (token: string, json: unknown) =>
  call<User>("PATCH", "client/users/update_me/", { token, json });

describe("PATCH client/users/update_me/", () => {
  test("updates any of the names and the phone and answers the User", async () => {
    const { token, user } = await createUser({ phone: "79140000001" });
    const response = await patchMe(token, {
      first_name: "Пётр",
      middle_name: "Ильич",
      last_name: "Чайковский",
      phone: "79991234567",
    });
    expect(response.status, response.text).toBe(200);
    expectKeys(response.body, USER_KEYS);
    expect(response.body).toMatchObject({
      id: user.id,
      first_name: "Пётр",
      middle_name: "Ильич",
      last_name: "Чайковский",
      phone: "79991234567",
    });
    const partial = await patchMe(token, { last_name: "Петров" });
    expect(partial.body).toMatchObject({
      first_name: "Пётр",
      last_name: "Петров",
      phone: "79991234567",
    });
    const me = await get<User>("client/users/me/", { token });
    expect(me.body.last_name).toBe("Петров");
  });

  test('an empty phone is stored as null; an empty middle name as ""', async () => {
    const { token } = await createUser({ phone: "79140000002" });
    const response = await patchMe(token, { phone: "", middle_name: "" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.phone).toBeNull();
    expect(response.body.middle_name).toBe("");
    expect((await patchMe(token, { phone: null })).body.phone).toBeNull();
  });

  test("answers 400 per field", async () => {
    const { token } = await createUser();
    const response = await patchMe(token, {
      first_name: "Я",
      last_name: "Ф".repeat(121),
      phone: "89141234567",
    });
    expectFieldErrors(response, {
      first_name: "min_length",
      last_name: "max_length",
      phone: "invalid",
    });
    expectFieldErrors(await patchMe(token, { first_name: "" }), { first_name: "blank" });
    expectFieldErrors(await patchMe(token, { first_name: null }), { first_name: "null" });
    expectFieldErrors(await patchMe(token, { phone: "7914123456" }), { phone: "invalid" });
    expectFieldErrors(await patchMe(token, { phone: "+79141234567" }), { phone: "invalid" });
  });

  test("other methods are 405", async () => {
    const { token } = await createUser();
    expectError(
      await call("PUT", "client/users/update_me/", { token, json: {} }),
      405,
      "method_not_allowed",
    );
  });
});

describe("POST client/users/update_password/", () => {
  test("changes the password", async () => {
    const created = await createUser();
    const response = await post<{ detail: string }>(
      "client/users/update_password/",
      {
        old_password: created.password,
        password: "New-password-42",
        password_confirmation: "New-password-42",
      },
      { token: created.token },
    );
    expect(response.status, response.text).toBe(200);
    expectKeys(response.body, ["detail"]);
    expect(typeof response.body.detail).toBe("string");
    await login(created.email, "New-password-42");
    expectError(
      await post("client/users/login/", { email: created.email, password: created.password }),
      401,
      "authentication_failed",
    );
  });

  test("a wrong old password is 400 on old_password (password_incorrect)", async () => {
    const created = await createUser();
    const response = await post(
      "client/users/update_password/",
      {
        old_password: "not-my-password",
        password: "New-password-42",
        password_confirmation: "New-password-42",
      },
      { token: created.token },
    );
    expectFieldErrors(response, { old_password: "password_incorrect" });
  });

  test("a mismatch is 400 on password_confirmation (password_mismatch)", async () => {
    const created = await createUser();
    const response = await post(
      "client/users/update_password/",
      {
        old_password: created.password,
        password: "New-password-42",
        password_confirmation: "New-password-43",
      },
      { token: created.token },
    );
    expectFieldErrors(response, { password_confirmation: "password_mismatch" });
  });

  test("a short password is 400 on password (password_too_short)", async () => {
    const created = await createUser();
    const response = await post(
      "client/users/update_password/",
      { old_password: created.password, password: "short", password_confirmation: "short" },
      { token: created.token },
    );
    expectFieldErrors(response, { password: "password_too_short" });
    expectFieldErrors(await post("client/users/update_password/", {}, { token: created.token }), {
      old_password: "required",
      password: "required",
      password_confirmation: "required",
    });
  });
});

describe("codes: what needs no mailbox (the flows that read a code are in stand-in/codes.test.ts)", () => {
  test("register_email: a bad e-mail is invalid, a registered one unique", async () => {
    expectError(
      await post("client/users/register_email/", { email: "nope" }),
      400,
      "invalid",
      "email",
    );
    expectError(
      await post("client/users/register_email/", { email: RESIDENT.email.toUpperCase() }),
      400,
      "unique",
      "email",
    );
    expectError(await post("client/users/register_email/", {}), 400, "required", "email");
  });

  test("send_code_reset: a bad e-mail is 400", async () => {
    expectError(
      await post("client/users/send_code_reset/", { email: "nope@" }),
      400,
      "invalid",
      "email",
    );
  });
});
