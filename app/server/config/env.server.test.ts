import { describe, expect, it } from "vitest";

import { parseEnv } from "./env.server";

describe("the environment", () => {
  it("has demo defaults for the company's details", () => {
    const env = parseEnv({
      API_URL: "https://api.example.ru/",
      SESSION_SECRET: "a-long-enough-secret",
    });
    expect(env.API_URL).toBe("https://api.example.ru");
    expect(env.PORT).toBe(3000);
    expect(env.ADMIN_FLAG).toBe("is_portal_admin");
    expect(env.PHONE_DISPATCHER).toMatch(/^\+7/);
  });

  it("names every bad variable in one message", () => {
    expect(() => parseEnv({ API_URL: "not-a-url", PORT: "abc", ADMIN_FLAG: "Is Admin" })).toThrow(
      /API_URL: .*\n.*PORT: ожидается номер порта|PORT: ожидается номер порта[\s\S]*API_URL/,
    );
    expect(() => parseEnv({ API_URL: "https://api.example.ru" })).toThrow(
      /SESSION_SECRET: обязательна/,
    );
    expect(() => parseEnv({ SESSION_SECRET: "a-long-enough-secret" })).toThrow(
      /API_URL: не задан \(npm start запускает демо-бэкенд/,
    );
  });

  it("takes PUBLIC_URL as an origin, or leaves it unset", () => {
    const base = { API_URL: "https://api.example.ru/", SESSION_SECRET: "a-long-enough-secret" };
    expect(parseEnv(base).PUBLIC_URL).toBeUndefined();
    expect(parseEnv({ ...base, PUBLIC_URL: "https://lk.example.ru/" }).PUBLIC_URL).toBe(
      "https://lk.example.ru",
    );
    expect(() => parseEnv({ ...base, PUBLIC_URL: "lk.example.ru" })).toThrow(
      /PUBLIC_URL: ожидается адрес/,
    );
    expect(() => parseEnv({ ...base, PUBLIC_URL: "javascript:alert(1)" })).toThrow(/PUBLIC_URL/);
  });

  it("takes PAYMENT_URL with or without the {account} placeholder", () => {
    const base = { API_URL: "https://api.example.ru/", SESSION_SECRET: "a-long-enough-secret" };
    expect(
      parseEnv({ ...base, PAYMENT_URL: "https://pay.example.ru/?ls={account}" }).PAYMENT_URL,
    ).toBe("https://pay.example.ru/?ls={account}");
    expect(
      parseEnv({ ...base, PAYMENT_URL: "https://pay.example.ru/pay/{account}" }).PAYMENT_URL,
    ).toBe("https://pay.example.ru/pay/{account}");
    expect(() => parseEnv({ ...base, PAYMENT_URL: "{account}" })).toThrow(/PAYMENT_URL/);
  });

  it("ends sessions 12 hours after sign-in unless SESSION_MAX_HOURS says otherwise, fractions allowed", () => {
    const base = { API_URL: "https://api.example.ru/", SESSION_SECRET: "a-long-enough-secret" };
    expect(parseEnv(base).SESSION_MAX_HOURS).toBe(12);
    expect(parseEnv({ ...base, SESSION_MAX_HOURS: "0.001" }).SESSION_MAX_HOURS).toBe(0.001);
    expect(() => parseEnv({ ...base, SESSION_MAX_HOURS: "0" })).toThrow(
      /SESSION_MAX_HOURS: ожидается число часов больше 0/,
    );
    expect(() => parseEnv({ ...base, SESSION_MAX_HOURS: "never" })).toThrow(/SESSION_MAX_HOURS/);
  });

  it("sets the listener's timeouts, keep-alive longer than nginx's 60 s, headers within the request", () => {
    const base = { API_URL: "https://api.example.ru/", SESSION_SECRET: "a-long-enough-secret" };
    const env = parseEnv(base);
    expect(env.KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    expect(env.HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(env.REQUEST_TIMEOUT_MS);
    expect(env.REQUEST_TIMEOUT_MS).toBeLessThan(300_000);
    expect(
      parseEnv({ ...base, REQUEST_TIMEOUT_MS: "2000", HEADERS_TIMEOUT_MS: "1000" })
        .REQUEST_TIMEOUT_MS,
    ).toBe(2000);
    expect(() => parseEnv({ ...base, REQUEST_TIMEOUT_MS: "5000" })).toThrow(
      /HEADERS_TIMEOUT_MS: не больше REQUEST_TIMEOUT_MS/,
    );
  });
});
