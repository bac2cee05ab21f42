/** Unit tests of the stand-in's building blocks (in process, no HTTP server). */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";

import { createApp } from "../../src/app.js";
import type { BackendConfig } from "../../src/config.js";
import { money, openDatabase } from "../../src/db.js";
import { errorResponse, secondsRu } from "../../src/errors.js";
import { pageSizeOf, withPage } from "../../src/pagination.js";
import { formatTime, parseDateTime, parseDay } from "../../src/time.js";
import { detectImage, isValidEmail } from "../../src/validation.js";

describe("time", () => {
  test("formats in +09:00 with microseconds, omitted when zero", () => {
    const micros = Date.UTC(2026, 2, 1, 0, 30, 0) * 1000 + 123456;
    expect(formatTime(micros)).toBe("2026-03-01T09:30:00.123456+09:00");
    expect(formatTime(Date.UTC(2026, 2, 1, 15, 0, 0) * 1000)).toBe("2026-03-02T00:00:00+09:00");
  });

  test("parses ISO timestamps like Django (naive means +09:00)", () => {
    const expected = Date.UTC(2026, 2, 1, 0, 30, 0) * 1000 + 123456;
    expect(parseDateTime("2026-03-01T09:30:00.123456+09:00")).toBe(expected);
    expect(parseDateTime("2026-03-01T00:30:00.123456Z")).toBe(expected);
    expect(parseDateTime("2026-03-01 09:30:00.123456")).toBe(expected);
    expect(parseDateTime("2026-03-01")).toBe(Date.UTC(2026, 1, 28, 15) * 1000);
    expect(parseDateTime("2026-03-01T09:30:00 09:00")).toBeNull();
    expect(parseDateTime("2026-02-30T00:00:00")).toBeNull();
    expect(parseDateTime("soon")).toBeNull();
  });

  test("a day is [local midnight, next local midnight)", () => {
    const day = parseDay("2026-03-01")!;
    expect(formatTime(day.start)).toBe("2026-03-01T00:00:00+09:00");
    expect(formatTime(day.end)).toBe("2026-03-02T00:00:00+09:00");
    expect(parseDay("01.03.2026")).toEqual(day);
    expect(parseDay("2026-02-29")).toBeNull();
  });
});

describe("pagination links", () => {
  test("DRF's replace_query_param: keys sorted, values quote_plus-encoded", () => {
    const url = new URL(
      "http://api.example/api/v1/client/reports/?page_size=5&created_at__gte=2026-01-01T00:00:00%2B09:00&name__icontains=год отчёт",
    );
    expect(withPage(url, 3)).toBe(
      "http://api.example/api/v1/client/reports/?created_at__gte=2026-01-01T00%3A00%3A00%2B09%3A00&name__icontains=%D0%B3%D0%BE%D0%B4+%D0%BE%D1%82%D1%87%D1%91%D1%82&page=3&page_size=5",
    );
    expect(withPage(new URL("http://api.example/api/v1/client/posts/?page=2"), null)).toBe(
      "http://api.example/api/v1/client/posts/",
    );
  });

  test("page_size: default 10, clamped to 100, invalid means default", () => {
    const size = (query: string) => pageSizeOf(new URLSearchParams(query));
    expect(size("")).toBe(10);
    expect(size("page_size=25")).toBe(25);
    expect(size("page_size=1000")).toBe(100);
    expect(size("page_size=0")).toBe(10);
    expect(size("page_size=x")).toBe(10);
  });
});

describe("small helpers", () => {
  test("money, plurals, e-mails, image types", () => {
    expect(money(152040)).toBe("1520.40");
    expect(money(-35000)).toBe("-350.00");
    expect(money(5)).toBe("0.05");
    expect([1, 2, 5, 11, 21, 22, 25, 60].map(secondsRu)).toEqual([
      "1 секунду",
      "2 секунды",
      "5 секунд",
      "11 секунд",
      "21 секунду",
      "22 секунды",
      "25 секунд",
      "60 секунд",
    ]);
    expect(isValidEmail("resident@example.com")).toBe(true);
    expect(isValidEmail("a.b+c@пример.рф")).toBe(true);
    expect(isValidEmail("no-at-sign")).toBe(false);
    expect(isValidEmail("a@b")).toBe(false);
    expect(
      detectImage(
        Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
      ),
    ).toBe("gif");
    // A GIF's signature without its dimensions: not an image one can open.
    expect(detectImage(Buffer.from("GIF89a"))).toBeNull();
    // The same six bytes as a view into memory that goes on with a width and a height (as Node's
    // shared pool of small Buffers may): nothing past the file's own bytes is read.
    expect(detectImage(Buffer.from("GIF89a\x01\x00\x01\x00").subarray(0, 6))).toBeNull();
    expect(detectImage(Buffer.from("plain text"))).toBeNull();
  });
});

describe("errors", () => {
  test("an unexpected error is a 500 in the contract's shape", async () => {
    const response = errorResponse(new Error("boom"), () => {});
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      type: "server_error",
      errors: [{ code: "error", detail: "Произошла ошибка сервера.", attr: null }],
    });
  });

  test("the app answers 500 in the contract's shape when its database fails", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "unit-backend-"));
    try {
      const db = openDatabase(path.join(dir, "db.sqlite"));
      const config: BackendConfig = {
        adminFlag: "is_portal_admin",
        accessSeconds: 300,
        refreshSeconds: 86400,
        jwtSecret: "unit-test-secret",
        mediaDir: path.join(dir, "media"),
        outboxFile: path.join(dir, "outbox.jsonl"),
        codeTtlSeconds: 900,
        codeThrottleSeconds: 60,
        quiet: true,
      };
      const errors: unknown[] = [];
      const app = createApp({ db, config, logError: (error) => errors.push(error) });
      expect((await app.request("http://localhost/api/v1/client/rates/")).status).toBe(200);
      db.close();
      const response = await app.request("http://localhost/api/v1/client/rates/");
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        type: "server_error",
        errors: [{ code: "error", detail: "Произошла ошибка сервера.", attr: null }],
      });
      expect(errors).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
