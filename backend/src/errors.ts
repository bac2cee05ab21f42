/**
 * The one place that turns every failure into the contract's error body
 * (drf-standardized-errors): `{type, errors: [{code, detail, attr}]}`.
 * Messages are Django REST framework's, in Russian; token errors are
 * simplejwt's, in English.
 */
import type { Context, Env, Hono } from "hono";

export type ErrorType = "validation_error" | "client_error" | "server_error";

export interface ErrorItem {
  code: string;
  detail: string;
  attr: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly errors: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    errors: ErrorItem[],
    options: { type?: ErrorType; headers?: Record<string, string> } = {},
  ) {
    super(errors[0]?.detail ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
    this.type =
      options.type ??
      (status >= 500 ? "server_error" : status === 400 ? "validation_error" : "client_error");
    this.headers = options.headers ?? {};
  }
}

/** DRF's (and Django's) Russian messages. */
export const MSG = {
  required: "Это поле обязательно.",
  null: "Это поле не может быть null.",
  blank: "Это поле не может быть пустым.",
  notAString: "Not a valid string.",
  nullCharacters: "Null characters are not allowed.",
  maxLength: (n: number) => `Убедитесь, что в этом поле не больше ${n} символов.`,
  minLength: (n: number) => `Убедитесь, что в этом поле как минимум ${n} символов.`,
  email: "Введите правильный адрес электронной почты.",
  integer: "Требуется целочисленное значение.",
  boolean: "Must be a valid boolean.",
  phone: "Введите номер телефона из 11 цифр, начиная с 7 (например, 79141234567).",
  notADict: (type: string) => `Недопустимые данные. Ожидался dictionary, но был получен ${type}.`,
  fileRequired: "Не был загружен файл.",
  notAFile: "Загруженный файл не является корректным файлом.",
  fileEmpty: "Загруженный файл пуст.",
  fileNoName: "Невозможно определить имя файла.",
  invalidImage:
    "Загрузите правильное изображение. Файл, который вы загрузили, поврежден или не является изображением.",
  maxSize: "Размер файла не должен превышать 10 МБ.",
  invalidExtension: (extension: string, allowed: string) =>
    `Расширение файлов “${extension}” не поддерживается. Разрешенные расширения: ${allowed}.`,
  pkDoesNotExist: (pk: string) => `Недопустимый первичный ключ "${pk}" - объект не существует.`,
  pkIncorrectType: (type: string) =>
    `Некорректный тип. Ожидалось значение первичного ключа, получен ${type}.`,
  invalidDate: "Введите правильную дату.",
  invalidDateTime: "Введите правильную дату и время.",
  invalidNumber: "Введите число.",
  invalidChoice: "Выберите корректный вариант. Вашего варианта нет среди допустимых значений.",
  passwordTooShort:
    "Введённый пароль слишком короткий. Он должен содержать как минимум 8 символов.",
  passwordMismatch: "Введённые пароли не совпадают.",
  passwordIncorrect: "Ваш старый пароль введён неправильно. Пожалуйста, введите его снова.",
  emailUnique: "Пользователь с таким адресом электронной почты уже существует.",
  codeInvalid: "Неверный или просроченный код.",
  notAuthenticated: "Учетные данные не были предоставлены.",
  permissionDenied: "У вас нет прав для выполнения этой операции.",
  notFound: "Не найдено.",
  invalidPage: "Неправильная страница",
  methodNotAllowed: (method: string) => `Метод "${method}" не разрешен.`,
  unsupportedMediaType: (mediaType: string) =>
    `Неподдерживаемый тип данных "${mediaType}" в запросе.`,
  payloadTooLarge: "Размер запроса превышает допустимый (12 МБ).",
  serverError: "Произошла ошибка сервера.",
  loginFailedEn: "No active account found with the given credentials",
  loginFailedRu: "Неверный адрес электронной почты или пароль.",
} as const;

export const WWW_AUTHENTICATE = 'Bearer realm="api"';

/** Russian plural of «секунда» in the accusative: 1 секунду, 2 секунды, 5 секунд. */
export function secondsRu(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return `${n} секунду`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${n} секунды`;
  return `${n} секунд`;
}

export const fieldError = (attr: string | null, code: string, detail: string): ErrorItem => ({
  code,
  detail,
  attr,
});

export function validationError(errors: ErrorItem[]): ApiError {
  return new ApiError(400, errors);
}

export function notFound(detail: string = MSG.notFound): ApiError {
  return new ApiError(404, [{ code: "not_found", detail, attr: null }]);
}

export function methodNotAllowed(method: string, allow: string): ApiError {
  return new ApiError(
    405,
    [{ code: "method_not_allowed", detail: MSG.methodNotAllowed(method), attr: null }],
    {
      headers: { Allow: allow },
    },
  );
}

export function notAuthenticated(): ApiError {
  return new ApiError(
    401,
    [{ code: "not_authenticated", detail: MSG.notAuthenticated, attr: null }],
    {
      headers: { "WWW-Authenticate": WWW_AUTHENTICATE },
    },
  );
}

export function permissionDenied(): ApiError {
  return new ApiError(403, [
    { code: "permission_denied", detail: MSG.permissionDenied, attr: null },
  ]);
}

/**
 * simplejwt's exceptions carry a dict `{detail, code, ...}`, which
 * drf-standardized-errors flattens into one entry per key: errors[0] holds
 * the code and the message.
 */
export function detailDictError(
  status: number,
  code: string,
  detail: string,
  extra: Record<string, string> = {},
): ApiError {
  const errors: ErrorItem[] = [
    { code, detail, attr: "detail" },
    { code, detail: code, attr: "code" },
    ...Object.entries(extra).map(([attr, value]) => ({ code, detail: value, attr })),
  ];
  return new ApiError(status, errors, { headers: { "WWW-Authenticate": WWW_AUTHENTICATE } });
}

/**
 * simplejwt's AuthenticationFailed raised with a code of its own (a valid
 * token whose user is deleted or inactive): DRF gives each value of its dict
 * the exception's default code, so every entry says `authentication_failed`
 * and the specific code is the `detail` of the entry whose attr is `code`.
 */
export function authenticationFailed(code: string, detail: string): ApiError {
  const errors: ErrorItem[] = [
    { code: "authentication_failed", detail, attr: "detail" },
    { code: "authentication_failed", detail: code, attr: "code" },
  ];
  return new ApiError(401, errors, { headers: { "WWW-Authenticate": WWW_AUTHENTICATE } });
}

/** An access token that failed validation on an authenticated request. */
export function accessTokenNotValid(message: string): ApiError {
  return detailDictError(401, "token_not_valid", "Given token not valid for any token type", {
    "messages.0.token_class": "AccessToken",
    "messages.0.token_type": "access",
    "messages.0.message": message,
  });
}

/** A refresh token that failed validation at `refresh/`. */
export function refreshTokenNotValid(message: string): ApiError {
  return detailDictError(401, "token_not_valid", message);
}

/** Wrong credentials at login: two entries, the portal shows the second. */
export function loginFailed(): ApiError {
  return new ApiError(
    401,
    [
      { code: "authentication_failed", detail: MSG.loginFailedEn, attr: null },
      { code: "authentication_failed", detail: MSG.loginFailedRu, attr: "non_field_errors" },
    ],
    { headers: { "WWW-Authenticate": WWW_AUTHENTICATE } },
  );
}

export function throttled(waitSeconds: number): ApiError {
  const wait = Math.max(1, Math.ceil(waitSeconds));
  return new ApiError(
    429,
    [
      {
        code: "throttled",
        detail: `Запрос был проигнорирован. Ожидается доступность через ${secondsRu(wait)}.`,
        attr: null,
      },
    ],
    { headers: { "Retry-After": String(wait) } },
  );
}

/** DRF's ParseError: a 400 that is not a ValidationError, hence `client_error`. */
export function parseError(detail: string): ApiError {
  return new ApiError(400, [{ code: "parse_error", detail, attr: null }], { type: "client_error" });
}

export function unsupportedMediaType(mediaType: string): ApiError {
  return new ApiError(415, [
    { code: "unsupported_media_type", detail: MSG.unsupportedMediaType(mediaType), attr: null },
  ]);
}

export function payloadTooLarge(): ApiError {
  return new ApiError(413, [
    { code: "payload_too_large", detail: MSG.payloadTooLarge, attr: null },
  ]);
}

export function serverError(): ApiError {
  return new ApiError(500, [{ code: "error", detail: MSG.serverError, attr: null }]);
}

/** Any thrown value as the contract's error response. Unexpected errors become a 500. */
export function errorResponse(
  error: unknown,
  log: (error: unknown) => void = (e) => console.error(e),
): Response {
  let apiError: ApiError;
  if (error instanceof ApiError) {
    apiError = error;
  } else {
    log(error);
    apiError = serverError();
  }
  const headers = new Headers(apiError.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Vary", "Accept");
  return new Response(JSON.stringify({ type: apiError.type, errors: apiError.errors }), {
    status: apiError.status,
    headers,
  });
}

/** Hono's notFound and onError both answer in the contract's shape. */
export function installErrorHandlers<E extends Env>(
  app: Hono<E>,
  log?: (error: unknown) => void,
): void {
  app.notFound(() => errorResponse(notFound()));
  app.onError((error: Error, _c: Context<E>) => errorResponse(error, log));
}
