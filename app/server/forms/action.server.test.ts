import { parseWithZod } from "@conform-to/zod/v4";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { i18nextMiddleware } from "~/server/middleware/i18n.server";
import { retryAfterMiddleware } from "~/server/middleware/retry-after.server";
import {
  ApiError,
  BackendFailure,
  BackendFailureResponse,
  BackendRefusalResponse,
} from "~/utils/api/errors";

import { readForm, replyRefused } from "./action.server";
import { getHoneypotInputProps } from "./honeypot.server";

// The honeypot is signed with the session secret.
beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
});

const Schema = z.object({
  email: z.email(),
  password: z.string().min(1),
  code: z.string().optional(),
});

function post(fields: Record<string, string>) {
  return new Request("http://portal.test/form", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

/** Runs `run` with a context the i18n middleware has prepared (Russian, the default). */
async function withContext<T>(
  request: Request,
  run: (context: RouterContextProvider) => Promise<T>,
): Promise<T> {
  const context = new RouterContextProvider();
  let result: T | undefined;
  await i18nextMiddleware(
    { request, context, params: {}, unstable_pattern: "/" } as never,
    async () => {
      result = await run(context);
      return new Response();
    },
  );
  return result as T;
}

const valid = { email: "resident@example.com", password: "secret-1", code: "1234" };

/**
 * The answer `replyRefused` gives to `cause` for the valid form above, and
 * the Retry-After the root's middleware then writes on the response.
 */
async function refused(cause: unknown, options?: { hiddenFields?: string[]; throttled?: string }) {
  const honeypot = await getHoneypotInputProps();
  const request = post({ ...valid, [honeypot.nameFieldName]: "" });
  return withContext(request, async (context) => {
    const submission = parseWithZod(await readForm(request, context), { schema: Schema });
    const answer = replyRefused(submission, cause, context, options);
    const response = await retryAfterMiddleware(
      { request, context, params: {}, unstable_pattern: "/" } as never,
      async () => new Response(null, { status: answer.init?.status ?? 200 }),
    );
    return { ...answer, retryAfter: (response as Response).headers.get("Retry-After") };
  });
}

describe("readForm", () => {
  it("a bot that fills the honeypot is refused with a 400", async () => {
    const { nameFieldName } = await getHoneypotInputProps();
    const request = post({ ...valid, [nameFieldName]: "bot" });
    await expect(
      withContext(request, (context) => readForm(request, context)),
    ).rejects.toMatchObject({ data: { message: "Форма отклонена." }, init: { status: 400 } });
  });

  it("a conform control field it cannot read is the client's error (400), not a crash", async () => {
    const { nameFieldName } = await getHoneypotInputProps();
    const request = post({ ...valid, [nameFieldName]: "", __intent__: "{not json" });
    await expect(
      withContext(request, (context) => readForm(request, context)),
    ).rejects.toMatchObject({ init: { status: 400 } });
  });

  it("a form within its bounds is read as sent", async () => {
    const { nameFieldName } = await getHoneypotInputProps();
    const request = post({ ...valid, [nameFieldName]: "" });
    const formData = await withContext(request, (context) => readForm(request, context));
    expect(formData.get("email")).toBe(valid.email);
  });
});

describe("replyRefused", () => {
  it("a contract error (ApiError with attr) goes beside its field; the rest inside the form; the password not sent back", async () => {
    const error = new ApiError(
      400,
      {
        type: "validation_error",
        errors: [
          { code: "invalid", detail: "Адрес уже занят.", attr: "email" },
          { code: "invalid", detail: "Что-то ещё.", attr: null },
          { code: "invalid", detail: "Не наше поле.", attr: "unknown" },
        ],
      } as never,
      "users.register",
    );
    const answer = await refused(error);
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({
      email: ["Адрес уже занят."],
      "": ["Что-то ещё.", "Не наше поле."],
    });
    expect(answer.data.result.initialValue).toMatchObject({ email: valid.email });
    expect(answer.data.result.initialValue).not.toHaveProperty("password");
  });

  it("a hidden field's error is said in the form", async () => {
    const error = new ApiError(
      400,
      {
        type: "validation_error",
        errors: [{ code: "invalid", detail: "Код неверен.", attr: "code" }],
      } as never,
      "users.registerProfile",
    );
    expect((await refused(error, { hiddenFields: ["code"] })).data.result.error).toEqual({
      "": ["Код неверен."],
    });
    expect((await refused(error)).data.result.error).toEqual({ code: ["Код неверен."] });
  });

  it("a refusal without details says the generic text", async () => {
    const answer = await refused(new ApiError(400, null, "users.register"));
    expect(answer.data.result.error?.[""]).toEqual([
      "Не удалось выполнить запрос. Попробуйте ещё раз.",
    ]);
  });

  it("a backend 429 says when to try again, with Retry-After", async () => {
    const answer = await refused(new ApiError(429, null, "users.register", 90));
    expect(answer.init?.status).toBe(429);
    expect(answer.data.result.error?.[""]?.[0]).toMatch(/1:30/);
    expect(answer.retryAfter).toBe("90");
  });

  it("a backend 429 is said in the form's own words when it has them", async () => {
    const throttled = new ApiError(429, null, "users.registerEmail", 30);
    expect((await refused(throttled)).data.result.error?.[""]).toEqual([
      "Слишком много запросов. Повторить можно через 0:30",
    ]);
    expect(
      (await refused(throttled, { throttled: "register.throttled" })).data.result.error?.[""],
    ).toEqual(["Код уже отправлен. Повторить можно через 0:30"]);
  });

  it("a limit of the portal's: why and when, 429 with Retry-After", async () => {
    const answer = await refused({ limiter: "login-account", retryAfterSeconds: 120 });
    expect(answer.init?.status).toBe(429);
    expect(answer.data.result.error?.[""]?.[0]).toMatch(/2 мин/);
    expect(answer.retryAfter).toBe("120");
  });

  it.each([
    ["unavailable", 503],
    ["timeout", 504],
    ["bad-response", 502],
  ] as const)("a backend failure (%s) is a form error with its status %i", async (kind, status) => {
    const answer = await refused(
      new BackendFailureResponse(new BackendFailure(kind, "down"), "req-1"),
    );
    expect(answer.init?.status).toBe(status);
    expect(answer.data.result.error?.[""]).toEqual([
      "Сервис временно недоступен. Попробуйте позже.",
    ]);
    expect(answer.data.result.initialValue).toMatchObject({ email: valid.email });
    // Not a 429: the root's middleware adds no Retry-After (server/edge.ts gives a 503 its default).
    expect(answer.retryAfter).toBeNull();
  });

  it("the backend's 403 is said in the form", async () => {
    const answer = await refused(
      new BackendRefusalResponse(new ApiError(403, null, "posts.update"), "req-1"),
    );
    expect(answer.init?.status).toBe(403);
    expect(answer.data.result.error?.[""]).toEqual(["Недостаточно прав."]);
  });

  it("anything else goes on: a thrown page (a 404), a bug", async () => {
    const notFound = new Response(null, { status: 404 });
    await expect(refused(notFound)).rejects.toBe(notFound);
    const bug = new TypeError("a bug");
    await expect(refused(bug)).rejects.toBe(bug);
  });
});
