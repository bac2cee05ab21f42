/** Client API, public: posts, rates, reports — shapes, filters, ordering, pagination. */
import { describe, expect, test } from "vitest";

import {
  adminToken,
  apiUrl,
  byText,
  byTime,
  createPost,
  DECIMAL,
  expectError,
  expectKeys,
  expectPage,
  expectSorted,
  get,
  ISO_TIME,
  post,
  POST_KEYS,
  RATE_KEYS,
  REPORT_KEYS,
  unique,
  type Page,
  type Post,
  type Rate,
  type Report,
} from "./helpers.js";

const posts = (query: Record<string, string | number> = {}) =>
  get<Page<Post>>("client/posts/", { query });
const rates = (query: Record<string, string | number> = {}) =>
  get<Page<Rate>>("client/rates/", { query });
const reports = (query: Record<string, string | number> = {}) =>
  get<Page<Report>>("client/reports/", { query });

/** The calendar day (YYYY-MM-DD) of an ISO time in the server's time zone (+09:00). */
function yakutskDay(iso: string): string {
  return new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 10);
}

function expectPost(item: Post): void {
  expectKeys(item, POST_KEYS);
  expect(typeof item.id).toBe("number");
  expect(typeof item.title).toBe("string");
  expect(typeof item.text).toBe("string");
  expect(typeof item.is_actual).toBe("boolean");
  expect(item.created_at).toMatch(ISO_TIME);
  expect(item.updated_at).toMatch(ISO_TIME);
  for (const image of item.images) {
    expectKeys(image, ["id", "image"]);
    expect(image.image).toMatch(/^https?:\/\/.+\/media\//);
  }
}

describe("GET client/posts/", () => {
  test("a page of Posts, 10 by default, newest first", async () => {
    const page = expectPage(await posts());
    expect(page.results.length).toBe(Math.min(10, page.count));
    page.results.forEach(expectPost);
    expectSorted(
      page.results.map((item) => item.created_at),
      byTime,
      true,
    );
  });

  test("the text is returned as given: plain text, paragraphs, markup as text", async () => {
    const text = "Первый абзац.\n\nВторой: <script>alert(1)</script> & <b>не жирный</b>.";
    const created = await createPost({ text });
    const response = await get<Post>(`client/posts/${created.id}/`);
    expect(response.status).toBe(200);
    expect(response.body.text).toBe(text);
  });

  test("ordering: created_at, title, both directions; unknown fields ignored", async () => {
    const all = async (ordering: string) =>
      expectPage(await posts({ ordering, page_size: 100 })).results;
    expectSorted(
      (await all("created_at")).map((p) => p.created_at),
      byTime,
    );
    expectSorted(
      (await all("-created_at")).map((p) => p.created_at),
      byTime,
      true,
    );
    expectSorted(
      (await all("title")).map((p) => p.title),
      byText,
    );
    expectSorted(
      (await all("-title")).map((p) => p.title),
      byText,
      true,
    );
    expectSorted(
      (await all("bogus,-nothing")).map((p) => p.created_at),
      byTime,
      true,
    );
    // Several fields, comma-joined.
    const combined = await all("-is_actual,title");
    expectSorted(
      combined.map((p) => p.title),
      byText,
    );
  });

  test("filters: is_actual true/false (another value ignored), title__icontains", async () => {
    const marker = unique("Маркер");
    const actual = await createPost({ title: `${marker} актуальный`, is_actual: true });
    const old = await createPost({ title: `${marker.toUpperCase()} архивный`, is_actual: false });
    const found = expectPage(await posts({ title__icontains: marker.toLowerCase() }));
    expect(found.results.map((p) => p.id).sort()).toEqual([actual.id, old.id].sort());
    const onlyActual = expectPage(await posts({ title__icontains: marker, is_actual: "true" }));
    expect(onlyActual.results.map((p) => p.id)).toEqual([actual.id]);
    const onlyOld = expectPage(await posts({ title__icontains: marker, is_actual: "false" }));
    expect(onlyOld.results.map((p) => p.id)).toEqual([old.id]);
    expect(expectPage(await posts({ title__icontains: marker, is_actual: "maybe" })).count).toBe(2);

    const everyActual = expectPage(await posts({ is_actual: "true", page_size: 100 }));
    expect(everyActual.results.every((p) => p.is_actual)).toBe(true);
    const everyOld = expectPage(await posts({ is_actual: "false", page_size: 100 }));
    expect(everyOld.results.every((p) => !p.is_actual)).toBe(true);
    expect(everyActual.count + everyOld.count).toBe(expectPage(await posts()).count);
  });

  test("created_at_day_month_year: that day in +09:00; malformed is 400 on it", async () => {
    const created = await createPost();
    const day = yakutskDay(created.created_at);
    const page = expectPage(await posts({ created_at_day_month_year: day, page_size: 100 }));
    expect(page.results.map((p) => p.id)).toContain(created.id);
    expect(page.results.every((p) => yakutskDay(p.created_at) === day)).toBe(true);
    expect(expectPage(await posts({ created_at_day_month_year: "1999-01-01" })).count).toBe(0);
    expectError(
      await posts({ created_at_day_month_year: "2026-13-45" }),
      400,
      "invalid",
      "created_at_day_month_year",
    );
    expectError(
      await posts({ created_at_day_month_year: "вчера" }),
      400,
      "invalid",
      "created_at_day_month_year",
    );
  });

  test("a day with several posts lists them all and only them", async () => {
    const page = expectPage(await posts({ page_size: 100, ordering: "created_at" }));
    // Oldest first: every day but the page's last is complete in it.
    const lastDay = page.next
      ? yakutskDay(page.results[page.results.length - 1]!.created_at)
      : null;
    const days = new Map<string, number>();
    for (const item of page.results) {
      const day = yakutskDay(item.created_at);
      if (day !== lastDay) days.set(day, (days.get(day) ?? 0) + 1);
    }
    const [day, count] = [...days.entries()].sort((a, b) => b[1] - a[1])[0]!;
    expect(count).toBeGreaterThan(1);
    expect(expectPage(await posts({ created_at_day_month_year: day })).count).toBe(count);
  });
});

describe("pagination (on client/posts/)", () => {
  test("page_size above 100 is clamped to 100; 0 or garbage means the default", async () => {
    let count = expectPage(await posts()).count;
    const token = await adminToken();
    while (count <= 105) {
      const batch = Math.min(20, 106 - count);
      await Promise.all(
        Array.from({ length: batch }, (_, index) =>
          post(
            "admin/posts/",
            { title: unique(`Пакет ${index} `), text: "Текст.", is_actual: false },
            { token },
          ),
        ),
      );
      count += batch;
    }
    const clamped = expectPage(await posts({ page_size: 1000 }));
    expect(clamped.count).toBeGreaterThan(100);
    expect(clamped.results).toHaveLength(100);
    expect(clamped.next).not.toBeNull();
    const second = expectPage(await get<Page<Post>>(clamped.next!));
    expect(second.results).toHaveLength(Math.min(100, clamped.count - 100));
    expect(expectPage(await posts({ page_size: 0 })).results).toHaveLength(10);
    expect(expectPage(await posts({ page_size: "abc" })).results).toHaveLength(10);
    expect(expectPage(await posts({ page_size: -5 })).results).toHaveLength(10);
  });

  test("next and previous are absolute URLs to follow; previous of page 2 has no page", async () => {
    const first = expectPage(await posts({ page_size: 3, ordering: "created_at" }));
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/^https?:\/\//);
    expect(new URL(first.next!).origin).toBe(new URL(apiUrl("client/posts/")).origin);
    expect(new URL(first.next!).searchParams.get("page")).toBe("2");
    expect(new URL(first.next!).searchParams.get("ordering")).toBe("created_at");

    const second = expectPage(await get<Page<Post>>(first.next!));
    expect(second.results[0]!.id).not.toBe(first.results[0]!.id);
    expect(new URL(second.previous!).searchParams.has("page")).toBe(false);
    const back = expectPage(await get<Page<Post>>(second.previous!));
    expect(back.results.map((p) => p.id)).toEqual(first.results.map((p) => p.id));

    const third = expectPage(await get<Page<Post>>(second.next!));
    expect(new URL(third.previous!).searchParams.get("page")).toBe("2");
  });

  test("the last page has no next; a page past the end, 0 or not a number is 404", async () => {
    const { count } = expectPage(await posts({ page_size: 7 }));
    const lastPage = Math.ceil(count / 7);
    const last = expectPage(await posts({ page_size: 7, page: lastPage }));
    expect(last.next).toBeNull();
    expect(last.results).toHaveLength(count - (lastPage - 1) * 7);
    for (const page of [lastPage + 1, 0, "abc"]) {
      const body = expectError(await posts({ page_size: 7, page }), 404, "not_found", null);
      expect(body.errors[0]!.detail.length).toBeGreaterThan(0);
    }
  });

  test("an empty result is page 1 with count 0; page 2 of it is 404", async () => {
    const empty = expectPage(await posts({ title__icontains: unique("нет-такого") }));
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] });
    expectError(await posts({ title__icontains: unique("нет-такого"), page: 2 }), 404, "not_found");
  });
});

describe("GET client/posts/{id}/", () => {
  test("a Post, or 404", async () => {
    const created = await createPost({ title: unique("Детально ") });
    const response = await get<Post>(`client/posts/${created.id}/`);
    expect(response.status).toBe(200);
    expectPost(response.body);
    expect(response.body).toEqual(created);
    expectError(await get("client/posts/99999999/"), 404, "not_found", null);
  });
});

describe("GET client/rates/ and client/rates/{id}/", () => {
  test("a page of Rates, by name", async () => {
    const page = expectPage(await rates({ page_size: 100 }));
    expect(page.count).toBeGreaterThan(0);
    for (const rate of page.results) {
      expectKeys(rate, RATE_KEYS);
      expect(rate.value).toMatch(DECIMAL);
      expect(rate.unit.length).toBeGreaterThan(0);
      expect(rate.created_at).toMatch(ISO_TIME);
    }
    expectSorted(
      page.results.map((r) => r.name),
      byText,
    );
  });

  test("ordering: created_at, name, both directions", async () => {
    const all = async (ordering: string) =>
      expectPage(await rates({ ordering, page_size: 100 })).results;
    expectSorted(
      (await all("created_at")).map((r) => r.created_at),
      byTime,
    );
    expectSorted(
      (await all("-created_at")).map((r) => r.created_at),
      byTime,
      true,
    );
    expectSorted(
      (await all("name")).map((r) => r.name),
      byText,
    );
    expectSorted(
      (await all("-name")).map((r) => r.name),
      byText,
      true,
    );
  });

  test("filters: name__icontains, created_at_day_month_year", async () => {
    const all = expectPage(await rates({ page_size: 100 })).results;
    const sample = all[0]!;
    const fragment = sample.name.slice(1, 5).toUpperCase();
    const byName = expectPage(await rates({ name__icontains: fragment, page_size: 100 }));
    expect(byName.results.map((r) => r.id)).toContain(sample.id);
    expect(byName.results.every((r) => r.name.toUpperCase().includes(fragment))).toBe(true);

    const day = yakutskDay(sample.created_at);
    const byDay = expectPage(await rates({ created_at_day_month_year: day, page_size: 100 }));
    expect(byDay.results.map((r) => r.id)).toContain(sample.id);
    expect(byDay.count).toBe(all.filter((r) => yakutskDay(r.created_at) === day).length);
    expectError(
      await rates({ created_at_day_month_year: "2026-02-30" }),
      400,
      "invalid",
      "created_at_day_month_year",
    );
  });

  test("a Rate, or 404", async () => {
    const sample = expectPage(await rates()).results[0]!;
    const response = await get<Rate>(`client/rates/${sample.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(sample);
    expectError(await get("client/rates/99999999/"), 404, "not_found", null);
  });
});

describe("GET client/reports/ and client/reports/{id}/", () => {
  test("a page of Reports, by -year then name; files are absolute URLs of PDFs or null", async () => {
    const page = expectPage(await reports({ page_size: 100 }));
    expect(page.count).toBeGreaterThan(0);
    for (const report of page.results) {
      expectKeys(report, REPORT_KEYS);
      expect(Number.isInteger(report.year)).toBe(true);
      expect(report.created_at).toMatch(ISO_TIME);
      if (report.file !== null) expect(report.file).toMatch(/^https?:\/\/.+\/media\//);
    }
    for (let index = 1; index < page.results.length; index++) {
      const [a, b] = [page.results[index - 1]!, page.results[index]!];
      expect(
        a.year > b.year || (a.year === b.year && byText(a.name, b.name) <= 0),
        `${a.name} / ${b.name}`,
      ).toBe(true);
    }
    const withFile = page.results.find((report) => report.file)!;
    const file = await fetch(withFile.file!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  });

  test("ordering: created_at, name, year, both directions", async () => {
    const all = async (ordering: string) =>
      expectPage(await reports({ ordering, page_size: 100 })).results;
    expectSorted(
      (await all("created_at")).map((r) => r.created_at),
      byTime,
    );
    expectSorted(
      (await all("-created_at")).map((r) => r.created_at),
      byTime,
      true,
    );
    expectSorted(
      (await all("name")).map((r) => r.name),
      byText,
    );
    expectSorted(
      (await all("-name")).map((r) => r.name),
      byText,
      true,
    );
    expectSorted(
      (await all("year")).map((r) => r.year),
      (a, b) => a - b,
    );
    expectSorted(
      (await all("-year")).map((r) => r.year),
      (a, b) => a - b,
      true,
    );
  });

  test("filters: year, name__icontains; malformed year is 400 on year", async () => {
    const all = expectPage(await reports({ page_size: 100 })).results;
    const year = all[0]!.year;
    const byYear = expectPage(await reports({ year, page_size: 100 }));
    expect(byYear.count).toBe(all.filter((r) => r.year === year).length);
    expect(byYear.results.every((r) => r.year === year)).toBe(true);
    expect(expectPage(await reports({ year: 1901 })).count).toBe(0);
    expectError(await reports({ year: "двадцать" }), 400, "invalid", "year");

    const fragment = all[0]!.name.slice(2, 8).toLowerCase();
    const byName = expectPage(await reports({ name__icontains: fragment, page_size: 100 }));
    expect(byName.results.map((r) => r.id)).toContain(all[0]!.id);
    expect(byName.results.every((r) => r.name.toLowerCase().includes(fragment))).toBe(true);
  });

  test("filters: created_at (exact), created_at__gte, created_at__lte, created_at_day_month_year; malformed is 400", async () => {
    const all = expectPage(await reports({ page_size: 100, ordering: "created_at" })).results;
    const middle = all[Math.floor(all.length / 2)]!;
    const exact = expectPage(await reports({ created_at: middle.created_at }));
    expect(exact.results.map((r) => r.id)).toEqual([middle.id]);

    const gte = expectPage(await reports({ created_at__gte: middle.created_at, page_size: 100 }));
    expect(gte.count).toBe(
      all.filter((r) => Date.parse(r.created_at) >= Date.parse(middle.created_at)).length,
    );
    expect(gte.results.map((r) => r.id)).toContain(middle.id);
    const lte = expectPage(await reports({ created_at__lte: middle.created_at, page_size: 100 }));
    expect(lte.count).toBe(
      all.filter((r) => Date.parse(r.created_at) <= Date.parse(middle.created_at)).length,
    );
    expect(lte.results.map((r) => r.id)).toContain(middle.id);
    const between = expectPage(
      await reports({ created_at__gte: middle.created_at, created_at__lte: middle.created_at }),
    );
    expect(between.results.map((r) => r.id)).toEqual([middle.id]);

    // The same instant in UTC.
    const utc = new Date(Date.parse(middle.created_at)).toISOString().replace(/\.\d+Z$/, "Z");
    const byUtc = expectPage(await reports({ created_at__lte: utc, page_size: 100 }));
    expect(byUtc.count).toBe(all.filter((r) => Date.parse(r.created_at) <= Date.parse(utc)).length);

    const day = yakutskDay(middle.created_at);
    const byDay = expectPage(await reports({ created_at_day_month_year: day, page_size: 100 }));
    expect(byDay.results.map((r) => r.id)).toContain(middle.id);
    expect(byDay.results.every((r) => yakutskDay(r.created_at) === day)).toBe(true);

    for (const name of [
      "created_at",
      "created_at__gte",
      "created_at__lte",
      "created_at_day_month_year",
    ]) {
      expectError(await reports({ [name]: "not-a-date" }), 400, "invalid", name);
    }
  });

  test("a Report, or 404", async () => {
    const sample = expectPage(await reports()).results[0]!;
    const response = await get<Report>(`client/reports/${sample.id}/`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(sample);
    expectError(await get("client/reports/99999999/"), 404, "not_found", null);
  });
});
