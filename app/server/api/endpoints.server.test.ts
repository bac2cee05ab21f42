import { describe, expect, it, vi } from "vitest";

import { createApiClient } from "./client.server";
import { createApi } from "./endpoints.server";

describe("the contract's endpoints", () => {
  it("refuse a missing required parameter before sending anything", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const api = createApi(
      createApiClient({
        baseUrl: "http://b.test",
        timeoutMs: 1000,
        tokens: { get: () => ({}), set() {}, clear() {} },
        fetch: fetchImpl,
      }),
    );
    await expect(api.posts.get(undefined as unknown as number)).rejects.toThrow(
      "Required parameter id was null or undefined when calling clientPostsRetrieve.",
    );
    await expect(api.users.checkCode({ code: null as unknown as number })).rejects.toThrow(
      "Required parameter code was null or undefined when calling clientUsersCheckCode.",
    );
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("send list filters as the contract names them, leaving out empty ones", async () => {
    const urls: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return Response.json({ count: 0, next: null, previous: null, results: [] });
    };
    const api = createApi(
      createApiClient({
        baseUrl: "http://b.test/",
        timeoutMs: 1000,
        tokens: { get: () => ({}), set() {}, clear() {} },
        fetch: fetchImpl,
      }),
    );
    await api.posts.list({
      title__icontains: "вода",
      is_actual: true,
      ordering: "-created_at,title",
      page: 2,
      created_at_day_month_year: "",
    });
    const url = new URL(urls[0]);
    expect(url.pathname).toBe("/api/v1/client/posts/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      title__icontains: "вода",
      is_actual: "true",
      ordering: "-created_at,title",
      page: "2",
    });
  });
});
