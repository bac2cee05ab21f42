/**
 * The portal's configuration, read from the environment once and validated
 * with zod, so a bad deployment stops at start with one clear line per
 * variable instead of failing on the first request.
 */
import { z } from "zod";

import { paymentUrl } from "~/utils/format/payment-url";
import type { PublicConfig } from "~/utils/public-config";

const phone = z
  .string()
  .regex(/^\+?[\d\s()-]{5,20}$/, "ожидается номер телефона, например +7 (4112) 40-00-00");

// Abuse limits: how many tries, and over how many seconds.
const count = (fallback: number) =>
  z.coerce
    .number({ error: "ожидается целое число попыток" })
    .int()
    .min(1)
    .max(1_000_000)
    .default(fallback);
const seconds = (fallback: number) =>
  z.coerce.number({ error: "ожидается число секунд" }).int().min(1).max(86_400).default(fallback);

const schema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "ожидается номер порта от 1 до 65535" })
      .int()
      .min(1)
      .max(65535)
      .default(3000),
    // Both required: `npm start` starts the demo backend and sets them for it.
    API_URL: z
      .url({
        error: (issue) =>
          issue.input === undefined
            ? "не задан (npm start запускает демо-бэкенд и задаёт его сам)"
            : "ожидается адрес вида https://api.example.ru",
      })
      .transform((value) => value.replace(/\/+$/, "")),
    API_TIMEOUT_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(100)
      .max(120_000)
      .default(10_000),
    // Which proxies in front may name the client and the scheme (X-Forwarded-For,
    // X-Forwarded-Proto): Express's "trust proxy" values. Unset: none, the socket's
    // address is the client (rate limits) and no header anyone can set counts.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === "false") return false;
        if (value === "true") return true;
        if (/^\d+$/.test(value)) return Number(value);
        const items = value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
        const ok = items.every((item) =>
          /^(loopback|linklocal|uniquelocal|[\da-fA-F:.]+(\/\d{1,3})?)$/.test(item),
        );
        if (!ok) {
          ctx.addIssue({
            code: "custom",
            message:
              "ожидается число прокси, true, false или список адресов и подсетей (loopback, 10.0.0.0/8)",
          });
          return z.NEVER;
        }
        return items;
      }),
    // The shared store of the replicas (app/server/store): memory without it.
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, "ожидается адрес вида redis://redis:6379/0")
      .optional(),
    // Abuse limits (app/server/http/limits.server.ts), counted per client address (TRUST_PROXY)
    // in the shared store. A code lives 15 minutes: the code tries must make 9,000 of them
    // take far longer than that; a resident never gets near any of these.
    LIMIT_CODE_TRIES_PER_CODE: count(5),
    LIMIT_CODE_TRIES_PER_CLIENT: count(30),
    LIMIT_CODE_TRIES_WINDOW_SECONDS: seconds(900),
    LIMIT_CODE_REQUESTS_PER_CLIENT: count(10),
    LIMIT_CODE_REQUESTS_WINDOW_SECONDS: seconds(3600),
    LIMIT_LOGIN_FAILURES_PER_ACCOUNT: count(10),
    LIMIT_LOGIN_FAILURES_PER_CLIENT: count(50),
    LIMIT_LOGIN_WINDOW_SECONDS: seconds(900),
    LIMIT_LOGIN_FREE_FAILURES: z.coerce
      .number({ error: "ожидается число неудач без задержки" })
      .int()
      .min(0)
      .max(1000)
      .default(3),
    LIMIT_LOGIN_DELAY_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(0)
      .max(60_000)
      .default(1000),
    LIMIT_LOGIN_MAX_DELAY_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(0)
      .max(60_000)
      .default(8000),
    // Attaching an account: failed tries (no such number, wrong surname) per resident and per
    // client. A resident mistypes a few times; thousands of guesses name households.
    LIMIT_ATTACH_FAILURES_PER_USER: count(10),
    LIMIT_ATTACH_FAILURES_PER_CLIENT: count(30),
    LIMIT_ATTACH_WINDOW_SECONDS: seconds(3600),
    // Uploaded images (app/server/media/uploads.server.ts): width × height a header may claim. Every
    // visitor's browser decodes a post's images, 4 bytes a pixel: 40 MP is 160 MB.
    UPLOAD_MAX_PIXELS: z.coerce
      .number({ error: "ожидается число пикселей" })
      .int()
      .min(1)
      .max(1_000_000_000)
      .default(40_000_000),
    // Operations (docs/decisions/010-operations.md). Prometheus metrics on a port of
    // their own (unset: none) or, with a token, on the public port; the SIGTERM drain:
    // /readyz says 503 at once, connections are refused after the delay, exit by the timeout.
    METRICS_PORT: z.coerce
      .number({ error: "ожидается номер порта от 1 до 65535" })
      .int()
      .min(1)
      .max(65535)
      .optional(),
    METRICS_TOKEN: z.string().min(16, "не короче 16 символов").optional(),
    SHUTDOWN_DELAY_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(0)
      .max(120_000)
      .default(2000),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(1000)
      .max(600_000)
      .default(10_000),
    // The longest a request waits for its turn under load before the busy page
    // answers it (server/admission.ts, docs/decisions/049).
    ADMISSION_MAX_WAIT_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(50)
      .max(60_000)
      .default(1000),
    // The listener's timeouts (server.js, docs/decisions/011-http-edge.md): the whole
    // request, its headers, and an idle kept-alive connection, which must outlast
    // the proxy's own upstream keep-alive (nginx: 60 s) so the proxy closes first.
    REQUEST_TIMEOUT_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(1000)
      .max(3_600_000)
      .default(60_000),
    HEADERS_TIMEOUT_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(1000)
      .max(3_600_000)
      .default(20_000),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce
      .number({ error: "ожидается число миллисекунд" })
      .int()
      .min(1000)
      .max(600_000)
      .default(65_000),
    // The portal's public origin for absolute links (the Atom feed): without it,
    // the host as the trusted proxy names it (TRUST_PROXY), never a client's header.
    PUBLIC_URL: z
      .url("ожидается адрес вида https://lk.example.ru")
      .regex(/^https?:\/\//, "ожидается адрес http:// или https://")
      .transform((value) => new URL(value).origin)
      .optional(),
    // How long a shared cache (deploy/nginx.conf) may keep a signed-out public page
    // (docs/decisions/037-shared-cache-for-public-pages.md); 0: never.
    PUBLIC_PAGE_CACHE_SECONDS: z.coerce
      .number({ error: "ожидается число секунд" })
      .int()
      .min(0)
      .max(300)
      .default(10),
    // The backend throttles codes for 60 s; keep the two equal (tests shorten both).
    RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    SESSION_SECRET: z
      .string({ error: "обязательна: ключ, которым шифруется cookie сессии" })
      .min(16, "не короче 16 символов; несколько через запятую"),
    // However often the tokens are refreshed, a session ends this long after its sign-in
    // (OWASP ASVS 3.3.2: at most 12 h); fractions of an hour are for tests.
    SESSION_MAX_HOURS: z.coerce
      .number({ error: "ожидается число часов" })
      .positive("ожидается число часов больше 0")
      .max(720)
      .default(12),
    ADMIN_FLAG: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/, "имя поля токена, например is_portal_admin")
      .default("is_portal_admin"),
    PRODUCT_NAME: z.string().min(1).default("Личный кабинет жителя"),
    COMPANY_NAME: z.string().min(1).default("ООО «УК Северный квартал»"),
    COMPANY_ADDRESS: z
      .string()
      .min(1)
      .default("677000, г. Якутск, ул. Орджоникидзе, д. 36, офис 12"),
    COMPANY_MAP_URL: z
      .url()
      .default(
        "https://yandex.ru/maps/?text=%D0%AF%D0%BA%D1%83%D1%82%D1%81%D0%BA%2C%20%D1%83%D0%BB.%20%D0%9E%D1%80%D0%B4%D0%B6%D0%BE%D0%BD%D0%B8%D0%BA%D0%B8%D0%B4%D0%B7%D0%B5%2C%2036",
      ),
    COMPANY_EMAIL: z.email("ожидается адрес электронной почты").default("info@sever-kvartal.ru"),
    PHONE_RECEPTION: phone.default("+7 (4112) 40-10-01"),
    PHONE_TECHNICAL: phone.default("+7 (4112) 40-10-02"),
    PHONE_DISPATCHER: phone.default("+7 (4112) 40-10-03"),
    PHONE_ECONOMICS: phone.default("+7 (4112) 40-10-04"),
    // `{account}` in it is replaced by a personal account's number (see paymentUrl).
    PAYMENT_URL: z
      .url("ожидается адрес сайта оплаты; {account} — место номера лицевого счёта")
      .refine(
        (value) => URL.canParse(paymentUrl(value, "1000000001")),
        "ожидается адрес сайта оплаты; {account} — место номера лицевого счёта",
      )
      .default("https://pay.example.ru/"),
  })
  .superRefine((env, ctx) => {
    // Node refuses to start otherwise: the headers are part of the request.
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: "custom",
        path: ["HEADERS_TIMEOUT_MS"],
        message: "не больше REQUEST_TIMEOUT_MS",
      });
    }
  });

export type Env = z.infer<typeof schema>;

/** Parses the environment; throws one readable error listing each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, value === "" ? undefined : value]),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Company details the pages show: configuration, safe for the browser. */
export function getPublicConfig(): PublicConfig {
  const env = getEnv();
  return {
    productName: env.PRODUCT_NAME,
    companyName: env.COMPANY_NAME,
    address: env.COMPANY_ADDRESS,
    mapUrl: env.COMPANY_MAP_URL,
    email: env.COMPANY_EMAIL,
    paymentUrl: paymentUrl(env.PAYMENT_URL),
    paymentAccountUrl: env.PAYMENT_URL,
    phones: {
      reception: env.PHONE_RECEPTION,
      technical: env.PHONE_TECHNICAL,
      dispatcher: env.PHONE_DISPATCHER,
      economics: env.PHONE_ECONOMICS,
    },
  };
}
