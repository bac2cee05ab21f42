/** Client API: users (login, tokens, profile, password, registration, reset). */
import { burnPasswordCheck, hashPassword, verifyPassword, type Tokens } from "../auth.js";
import {
  checkResetCode,
  deleteCode,
  issueCode,
  pendingRegistration,
  throttleCodeRequest,
} from "../codes.js";
import { fieldError, loginFailed, MSG, validationError } from "../errors.js";
import { readBody } from "../http.js";
import { sendCode } from "../outbox.js";
import { json, type RouteDef } from "../router.js";
import { nowMicros } from "../time.js";
import { emailTaken, getUserByEmail, getUserById, userJson, type UserRow } from "../user-model.js";
import {
  asObject,
  charField,
  checkIssue,
  emailField,
  integerField,
  middleNameField,
  nameField,
  optionalNameField,
  passwordField,
  phoneField,
  validate,
} from "../validation.js";

export const PASSWORD_MIN_LENGTH = 8;

const DETAIL = {
  passwordChanged: "Пароль успешно изменён.",
  codeSent: "Код подтверждения отправлен на указанный адрес электронной почты.",
  codeValid: "Код подтверждён.",
  resetSent: "Если адрес зарегистрирован, на него отправлен код для сброса пароля.",
  passwordReset: "Пароль успешно изменён. Теперь можно войти с новым паролем.",
};

const mismatch = () =>
  validationError([fieldError("password_confirmation", "password_mismatch", MSG.passwordMismatch)]);
const codeInvalid = () => checkIssue("invalid", MSG.codeInvalid);

export function usersRoutes(tokens: Tokens): RouteDef[] {
  return [
    {
      path: "client/users/login/",
      name: "Token Obtain Pair",
      auth: "none",
      handlers: {
        POST: async ({ c, app }) => {
          const body = validate(
            { email: emailField(), password: charField({ trim: false }) },
            asObject(await readBody(c)),
          );
          const user = getUserByEmail(app.db, body.email);
          if (!user) {
            await burnPasswordCheck(body.password);
            throw loginFailed();
          }
          if (!(await verifyPassword(body.password, user.password)) || user.is_active !== 1)
            throw loginFailed();
          return json(c, await tokens.issue(user));
        },
      },
    },
    {
      path: "client/users/refresh/",
      name: "Token Refresh",
      auth: "none",
      handlers: {
        POST: async ({ c }) => {
          const body = validate({ refresh: charField() }, asObject(await readBody(c)));
          return json(c, await tokens.refresh(body.refresh));
        },
      },
    },
    {
      path: "client/users/me/",
      name: "Me",
      auth: "token",
      handlers: { GET: ({ c, app, user }) => json(c, userJson(user, app.config.adminFlag)) },
    },
    {
      path: "client/users/update_me/",
      name: "Update Me",
      auth: "token",
      handlers: {
        PATCH: async ({ c, app, user }) => {
          const body = validate(
            {
              first_name: optionalNameField(),
              middle_name: middleNameField(),
              last_name: optionalNameField(),
              phone: phoneField(),
            },
            asObject(await readBody(c)),
          );
          const next = {
            first_name: body.first_name ?? user.first_name,
            middle_name: body.middle_name ?? user.middle_name,
            last_name: body.last_name ?? user.last_name,
            phone: body.phone === undefined ? user.phone : body.phone,
          };
          app.db
            .prepare(
              "UPDATE users SET first_name = ?, middle_name = ?, last_name = ?, phone = ? WHERE id = ?",
            )
            .run(next.first_name, next.middle_name, next.last_name, next.phone, user.id);
          return json(c, userJson(getUserById(app.db, user.id)!, app.config.adminFlag));
        },
      },
    },
    {
      path: "client/users/update_password/",
      name: "Update Password",
      auth: "token",
      handlers: {
        POST: async ({ c, app, user }) => {
          const data = asObject(await readBody(c));
          // The old password is checked asynchronously (scrypt), then all field errors are reported together.
          const rawOld = data.old_password;
          const oldPassword =
            typeof rawOld === "string" || typeof rawOld === "number" ? String(rawOld) : null;
          const oldOk =
            oldPassword !== null &&
            oldPassword !== "" &&
            (await verifyPassword(oldPassword, user.password));
          const body = validate(
            {
              old_password: charField({ trim: false }),
              password: passwordField({ minLength: PASSWORD_MIN_LENGTH }),
              password_confirmation: charField({ trim: false }),
            },
            data,
            {
              old_password: () =>
                oldOk ? null : checkIssue("password_incorrect", MSG.passwordIncorrect),
            },
          );
          if (body.password !== body.password_confirmation) throw mismatch();
          app.db
            .prepare("UPDATE users SET password = ? WHERE id = ?")
            .run(await hashPassword(body.password), user.id);
          return json(c, { detail: DETAIL.passwordChanged });
        },
      },
    },
    {
      path: "client/users/register_email/",
      name: "Register Email",
      auth: "public",
      handlers: {
        POST: async ({ c, app }) => {
          const body = validate({ email: emailField() }, asObject(await readBody(c)), {
            email: (email) =>
              emailTaken(app.db, email) ? checkIssue("unique", MSG.emailUnique) : null,
          });
          throttleCodeRequest(app, "register", body.email);
          const code = issueCode(app, "register", body.email);
          sendCode(app.config, body.email, code, "register");
          return json(c, { detail: DETAIL.codeSent });
        },
      },
    },
    {
      path: "client/users/check_code/",
      name: "Check Code",
      auth: "public",
      handlers: {
        POST: async ({ c, app }) => {
          validate({ code: integerField() }, asObject(await readBody(c)), {
            code: (code) => (pendingRegistration(app, code) ? null : codeInvalid()),
          });
          return json(c, { detail: DETAIL.codeValid });
        },
      },
    },
    {
      path: "client/users/register_profile/",
      name: "Register Profile",
      auth: "public",
      handlers: {
        POST: async ({ c, app }) => {
          const body = validate(
            {
              code: integerField(),
              password: passwordField({ minLength: PASSWORD_MIN_LENGTH }),
              password_confirmation: charField({ trim: false }),
              first_name: nameField(),
              middle_name: middleNameField(),
              last_name: nameField(),
              phone: phoneField(),
            },
            asObject(await readBody(c)),
            { code: (code) => (pendingRegistration(app, code) ? null : codeInvalid()) },
          );
          if (body.password !== body.password_confirmation) throw mismatch();
          const passwordHash = await hashPassword(body.password);
          const created = app.db.transaction((): UserRow => {
            // Checked again after the (asynchronous) hashing.
            const email = pendingRegistration(app, body.code);
            if (!email) throw validationError([fieldError("code", "invalid", MSG.codeInvalid)]);
            if (emailTaken(app.db, email))
              throw validationError([fieldError("email", "unique", MSG.emailUnique)]);
            const result = app.db
              .prepare(
                `INSERT INTO users (email, password, first_name, middle_name, last_name, phone, is_admin, is_active, date_joined)
                 VALUES (?, ?, ?, ?, ?, ?, 0, 1, ?)`,
              )
              .run(
                email,
                passwordHash,
                body.first_name,
                body.middle_name ?? "",
                body.last_name,
                body.phone ?? null,
                nowMicros(),
              );
            deleteCode(app, "register", email);
            return getUserById(app.db, Number(result.lastInsertRowid))!;
          })();
          return json(c, userJson(created, app.config.adminFlag), 201);
        },
      },
    },
    {
      path: "client/users/send_code_reset/",
      name: "Send Code Reset",
      auth: "public",
      handlers: {
        POST: async ({ c, app }) => {
          const body = validate({ email: emailField() }, asObject(await readBody(c)));
          // Throttled for every e-mail, known or not, so a 429 reveals nothing.
          throttleCodeRequest(app, "reset", body.email);
          const user = getUserByEmail(app.db, body.email);
          if (user && user.is_active === 1) {
            const code = issueCode(app, "reset", body.email);
            sendCode(app.config, body.email, code, "reset");
          }
          return json(c, { detail: DETAIL.resetSent });
        },
      },
    },
    {
      path: "client/users/reset_password/",
      name: "Reset Password",
      auth: "public",
      handlers: {
        POST: async ({ c, app }) => {
          const data = asObject(await readBody(c));
          const body = validate(
            {
              email: emailField(),
              code: integerField(),
              password: passwordField({ minLength: PASSWORD_MIN_LENGTH }),
              password_confirmation: charField({ trim: false }),
            },
            data,
          );
          if (!checkResetCode(app, body.email, body.code)) {
            throw validationError([fieldError("code", "invalid", MSG.codeInvalid)]);
          }
          if (body.password !== body.password_confirmation) throw mismatch();
          const user = getUserByEmail(app.db, body.email);
          if (!user) throw validationError([fieldError("code", "invalid", MSG.codeInvalid)]);
          app.db
            .prepare("UPDATE users SET password = ? WHERE id = ?")
            .run(await hashPassword(body.password), user.id);
          deleteCode(app, "reset", body.email);
          return json(c, { detail: DETAIL.passwordReset });
        },
      },
    },
  ];
}
