import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";

import { i18nextMiddleware } from "~/server/middleware/i18n.server";
import { ApiError, BackendFailure } from "~/utils/api/errors";

import { deleteThenRedirect } from "./deletion.server";
import { getToast } from "./toast.server";

// The toast cookie is signed with the session secret.
beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
});

/** Runs `run` with a context the i18n middleware has prepared (Russian, the default). */
async function withContext<T>(run: (context: RouterContextProvider) => Promise<T>): Promise<T> {
  const context = new RouterContextProvider();
  let result: T | undefined;
  await i18nextMiddleware(
    {
      request: new Request("http://portal.test/admin/posts/1/delete", { method: "POST" }),
      context,
      params: {},
      unstable_pattern: "/",
    } as never,
    async () => {
      result = await run(context);
      return new Response();
    },
  );
  return result as T;
}

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://portal.test/", { headers: { Cookie: cookie } })))
    .toast;
}

describe("deleteThenRedirect", () => {
  it("done: back where it goes, saying so", async () => {
    const response = await withContext((context) =>
      deleteThenRedirect(context, "/admin/posts", async () => undefined, "Удалено"),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/posts");
    expect(await toastOf(response)).toMatchObject({ type: "success", description: "Удалено" });
  });

  it("the backend's refusal: back where it goes, saying why", async () => {
    const refused = new ApiError(
      409,
      { errors: [{ code: "x", detail: "Нельзя удалить", attr: null }] } as never,
      "postsDestroy",
    );
    const response = await withContext((context) =>
      deleteThenRedirect(context, "/admin/posts", () => Promise.reject(refused), "Удалено"),
    );
    expect(response.headers.get("Location")).toBe("/admin/posts");
    expect(await toastOf(response)).toMatchObject({ type: "error" });
  });

  it("anything else goes on to the error page", async () => {
    const failure = new BackendFailure("unavailable", "down");
    await expect(
      withContext((context) =>
        deleteThenRedirect(context, "/admin/posts", () => Promise.reject(failure), "Удалено"),
      ),
    ).rejects.toBe(failure);
  });
});
