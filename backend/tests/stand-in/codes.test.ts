/**
 * Registration and password reset, whole: they read the e-mailed code from
 * the stand-in's /__outbox/, so they run only against the stand-in (against
 * another backend these flows need a mailbox; see backend/README.md).
 */
import { describe, expect, test } from "vitest";

import {
  createUser,
  expectError,
  expectFieldErrors,
  expectKeys,
  FLAG,
  get,
  ISO_TIME,
  lastCode,
  login,
  outbox,
  post,
  uniqueEmail,
  USER_KEYS,
  type ErrorBody,
  type User,
} from "../helpers.js";

/** A four-digit code other than `code` (and not pending for anyone else in this run, practically). */
const otherCode = (code: number) => ((code - 1000 + 4321) % 9000) + 1000;

describe("registration: register_email, check_code, register_profile", () => {
  test("the whole flow creates a user who can log in", async () => {
    const email = uniqueEmail("reg");
    const sent = await post<{ detail: string }>("client/users/register_email/", {
      email: email.toUpperCase(),
    });
    expect(sent.status, sent.text).toBe(200);
    expectKeys(sent.body, ["detail"]);

    const entries = await outbox(email);
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expectKeys(entry, ["email", "code", "purpose", "at"]);
    expect(entry.email).toBe(email);
    expect(entry.purpose).toBe("register");
    expect(Number.isInteger(entry.code) && entry.code >= 1000 && entry.code <= 9999).toBe(true);
    expect(entry.at).toMatch(ISO_TIME);

    const checked = await post<{ detail: string }>("client/users/check_code/", {
      code: entry.code,
    });
    expect(checked.status, checked.text).toBe(200);
    expectKeys(checked.body, ["detail"]);

    const created = await post<User>("client/users/register_profile/", {
      code: entry.code,
      password: "Register-42",
      password_confirmation: "Register-42",
      first_name: "Алексей",
      last_name: "Смирнов",
    });
    expect(created.status, created.text).toBe(201);
    expectKeys(created.body, USER_KEYS);
    expect(created.body).toMatchObject({
      email,
      first_name: "Алексей",
      last_name: "Смирнов",
      middle_name: "",
      phone: null,
      [FLAG]: false,
    });
    expect(created.body.date_joined).toMatch(ISO_TIME);

    const pair = await login(email, "Register-42");
    expect((await get<User>("client/users/me/", { token: pair.access })).body.id).toBe(
      created.body.id,
    );

    // The code is spent.
    expectError(
      await post("client/users/check_code/", { code: entry.code }),
      400,
      "invalid",
      "code",
    );
    // The e-mail is taken now.
    expectError(await post("client/users/register_email/", { email }), 400, "unique", "email");
  });

  test("register_profile takes the middle name and the phone", async () => {
    const email = uniqueEmail("reg");
    expect((await post("client/users/register_email/", { email })).status).toBe(200);
    const code = await lastCode(email, "register");
    const created = await post<User>("client/users/register_profile/", {
      code: String(code),
      password: "Register-42",
      password_confirmation: "Register-42",
      first_name: "Ольга",
      middle_name: "Николаевна",
      last_name: "Кузнецова",
      phone: "79141112233",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ middle_name: "Николаевна", phone: "79141112233" });
  });

  test("register_email again within 60 s is 429 with Retry-After", async () => {
    const email = uniqueEmail("reg");
    expect((await post("client/users/register_email/", { email })).status).toBe(200);
    const again = await post("client/users/register_email/", { email });
    const body = expectError(again, 429, "throttled", null);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.errors[0]!.detail).toMatch(
      /^Запрос был проигнорирован\. Ожидается доступность через \d+ секунд[уы]?\.$/,
    );
    expect(await outbox(email)).toHaveLength(1);
  });

  test("check_code: an unknown code or a non-number is 400 on code", async () => {
    const email = uniqueEmail("reg");
    expect((await post("client/users/register_email/", { email })).status).toBe(200);
    const code = await lastCode(email, "register");
    expectError(
      await post("client/users/check_code/", { code: otherCode(code) }),
      400,
      "invalid",
      "code",
    );
    expectError(await post("client/users/check_code/", { code: "abcd" }), 400, "invalid", "code");
    expectError(await post("client/users/check_code/", {}), 400, "required", "code");
  });

  test("register_profile answers 400 per field, and on code for an unknown code", async () => {
    const email = uniqueEmail("reg");
    expect((await post("client/users/register_email/", { email })).status).toBe(200);
    const code = await lastCode(email, "register");
    const base = {
      code,
      password: "Register-42",
      password_confirmation: "Register-42",
      first_name: "Иван",
      last_name: "Петров",
    };

    expectFieldErrors(
      await post("client/users/register_profile/", { ...base, code: otherCode(code) }),
      { code: "invalid" },
    );
    expectFieldErrors(
      await post("client/users/register_profile/", {
        ...base,
        password_confirmation: "Register-43",
      }),
      {
        password_confirmation: "password_mismatch",
      },
    );
    expectFieldErrors(
      await post("client/users/register_profile/", {
        ...base,
        password: "short",
        password_confirmation: "short",
      }),
      {
        password: "password_too_short",
      },
    );
    expectFieldErrors(
      await post("client/users/register_profile/", {
        ...base,
        first_name: "И",
        last_name: "",
        phone: "123",
      }),
      {
        first_name: "min_length",
        last_name: "blank",
        phone: "invalid",
      },
    );
    const missing = await post<ErrorBody>("client/users/register_profile/", {});
    expectFieldErrors(missing, {
      code: "required",
      password: "required",
      password_confirmation: "required",
      first_name: "required",
      last_name: "required",
    });
    // None of this spent the code.
    expect((await post("client/users/check_code/", { code })).status).toBe(200);
  });
});

describe("password reset: send_code_reset, reset_password", () => {
  test("the whole flow sets a new password", async () => {
    const created = await createUser();
    const sent = await post<{ detail: string }>("client/users/send_code_reset/", {
      email: created.email.toUpperCase(),
    });
    expect(sent.status, sent.text).toBe(200);
    expectKeys(sent.body, ["detail"]);
    const entries = await outbox(created.email);
    expect(entries[0]).toMatchObject({ email: created.email, purpose: "reset" });
    const code = entries[0]!.code;

    const done = await post<{ detail: string }>("client/users/reset_password/", {
      email: created.email,
      code,
      password: "Reset-pass-42",
      password_confirmation: "Reset-pass-42",
    });
    expect(done.status, done.text).toBe(200);
    expectKeys(done.body, ["detail"]);
    await login(created.email, "Reset-pass-42");
    expectError(
      await post("client/users/login/", { email: created.email, password: created.password }),
      401,
      "authentication_failed",
    );

    // The code is spent.
    const again = await post("client/users/reset_password/", {
      email: created.email,
      code,
      password: "Reset-pass-43",
      password_confirmation: "Reset-pass-43",
    });
    expectError(again, 400, "invalid", "code");
  });

  test("an unknown e-mail answers 200 too, sends nothing, and is throttled as well", async () => {
    const email = uniqueEmail("nobody");
    const first = await post<{ detail: string }>("client/users/send_code_reset/", { email });
    expect(first.status, first.text).toBe(200);
    expect(await outbox(email)).toEqual([]);
    const again = await post("client/users/send_code_reset/", { email });
    expectError(again, 429, "throttled", null);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a known e-mail is throttled within 60 s", async () => {
    const created = await createUser();
    expect((await post("client/users/send_code_reset/", { email: created.email })).status).toBe(
      200,
    );
    expectError(
      await post("client/users/send_code_reset/", { email: created.email }),
      429,
      "throttled",
      null,
    );
    expect(await outbox(created.email)).toHaveLength(1);
  });

  test("a wrong code is 400 on code, a mismatch on password_confirmation, a short password on password", async () => {
    const created = await createUser();
    expect((await post("client/users/send_code_reset/", { email: created.email })).status).toBe(
      200,
    );
    const code = await lastCode(created.email, "reset");
    const base = {
      email: created.email,
      code,
      password: "Reset-pass-42",
      password_confirmation: "Reset-pass-42",
    };
    expectFieldErrors(
      await post("client/users/reset_password/", { ...base, code: otherCode(code) }),
      { code: "invalid" },
    );
    expectFieldErrors(
      await post("client/users/reset_password/", {
        ...base,
        password_confirmation: "Reset-pass-43",
      }),
      {
        password_confirmation: "password_mismatch",
      },
    );
    expectFieldErrors(
      await post("client/users/reset_password/", {
        ...base,
        password: "short",
        password_confirmation: "short",
      }),
      {
        password: "password_too_short",
      },
    );
    // An unknown e-mail is a wrong code, not a revelation.
    expectFieldErrors(
      await post("client/users/reset_password/", { ...base, email: uniqueEmail("nobody") }),
      { code: "invalid" },
    );
    // The code still works after these.
    expect((await post("client/users/reset_password/", base)).status).toBe(200);
  });

  test("five wrong tries revoke the reset code", async () => {
    const created = await createUser();
    expect((await post("client/users/send_code_reset/", { email: created.email })).status).toBe(
      200,
    );
    const code = await lastCode(created.email, "reset");
    const base = {
      email: created.email,
      password: "Reset-pass-42",
      password_confirmation: "Reset-pass-42",
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      expectError(
        await post("client/users/reset_password/", { ...base, code: otherCode(code) }),
        400,
        "invalid",
        "code",
      );
    }
    expectError(
      await post("client/users/reset_password/", { ...base, code }),
      400,
      "invalid",
      "code",
    );
    await login(created.email, created.password);
  });

  test("four wrong tries do not", async () => {
    const created = await createUser();
    expect((await post("client/users/send_code_reset/", { email: created.email })).status).toBe(
      200,
    );
    const code = await lastCode(created.email, "reset");
    const base = {
      email: created.email,
      password: "Reset-pass-42",
      password_confirmation: "Reset-pass-42",
    };
    for (let attempt = 0; attempt < 4; attempt++) {
      expectError(
        await post("client/users/reset_password/", { ...base, code: otherCode(code) }),
        400,
        "invalid",
        "code",
      );
    }
    expect((await post("client/users/reset_password/", { ...base, code })).status).toBe(200);
  });
});
