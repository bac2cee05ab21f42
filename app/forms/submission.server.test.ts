import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, BackendFailure, BackendFailureResponse } from "~/api/errors";
import { i18nextMiddleware } from "~/middleware/i18n.server";
import { getToast } from "~/toasts/toast.server";
import { getHoneypotInputProps } from "./honeypot.server";
import { handleSubmission, replies } from "./submission.server";

// The honeypot and the toast cookie are signed with the session secret.
beforeAll(() => {
  process.env.API_URL ??= "http://backend.test";
  process.env.SESSION_SECRET ??= "a-long-enough-secret-for-tests";
});

const Schema = z.object({ email: z.email(), password: z.string().min(1) });
const form = { id: "test-form", schema: Schema };

function post(fields: Record<string, string>) {
  return new Request("http://portal.test/form", { method: "POST", body: new URLSearchParams(fields) });
}

/** Runs `run` with a context the i18n middleware has prepared (Russian, the default). */
async function withContext<T>(request: Request, run: (context: RouterContextProvider) => Promise<T>): Promise<T> {
  const context = new RouterContextProvider();
  let result: T | undefined;
  await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "/" } as never, async () => {
    result = await run(context);
    return new Response();
  });
  return result as T;
}

type Answer = { type: "DataWithResponseInit"; data: { form: string; result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } }; init: ResponseInit | null };

async function submit(fields: Record<string, string>, call: (value: z.output<typeof Schema>) => Promise<Response>, onApiError?: (error: ApiError) => void) {
  const request = post(fields);
  return withContext(request, (context) =>
    handleSubmission(form, { request, context }, (value, reply) => call(value).then((response) => response ?? reply.success("/", "")), { onApiError }),
  );
}

const valid = { email: "resident@example.com", password: "secret-1" };

describe("handleSubmission", () => {
  it("invalid input: 400, errors by field, the password not sent back", async () => {
    const answer = (await submit({ email: "bad", password: "typed" }, async () => new Response())) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.form).toBe("test-form");
    expect(answer.data.result.error?.email?.length).toBe(1);
    expect(answer.data.result.initialValue).toEqual({ email: "bad" });
  });

  it("a contract error (ApiError with attr) goes beside its field; the rest inside the form", async () => {
    const error = new ApiError(400, { type: "validation_error", errors: [
      { code: "invalid", detail: "Адрес уже занят.", attr: "email" },
      { code: "invalid", detail: "Что-то ещё.", attr: null },
      { code: "invalid", detail: "Не наше поле.", attr: "unknown" },
    ] } as never, "users.register");
    const answer = (await submit(valid, async () => Promise.reject(error))) as unknown as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({ email: ["Адрес уже занят."], "": ["Что-то ещё.", "Не наше поле."] });
    expect(answer.data.result.initialValue).toEqual({ email: valid.email });
  });

  it("a backend 429 says when to try again", async () => {
    const error = new ApiError(429, null, "users.register", 90);
    const answer = (await submit(valid, async () => Promise.reject(error))) as unknown as Answer;
    expect(answer.init?.status).toBe(429);
    expect(answer.data.result.error?.[""]?.[0]).toMatch(/1:30/);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("90");
  });

  it.each([
    ["unavailable", 503],
    ["timeout", 504],
    ["bad-response", 502],
  ] as const)("a backend failure (%s) is a form error with its status %i", async (kind, status) => {
    const failure = new BackendFailureResponse(new BackendFailure(kind, "down"), "req-1");
    const answer = (await submit(valid, async () => Promise.reject(failure))) as unknown as Answer;
    expect(answer.init?.status).toBe(status);
    expect(answer.data.result.error?.[""]).toEqual(["Сервис временно недоступен. Попробуйте позже."]);
    expect(answer.data.result.initialValue).toEqual({ email: valid.email });
  });

  it("a route may answer a refusal itself (a 404 becomes the 404 page); other errors go on", async () => {
    const notFound = new ApiError(404, null, "posts.update");
    const thrown = new Response(null, { status: 404 });
    await expect(submit(valid, async () => Promise.reject(notFound), () => { throw thrown; })).rejects.toBe(thrown);
    const bug = new TypeError("a bug");
    await expect(submit(valid, async () => Promise.reject(bug))).rejects.toBe(bug);
  });

  it("a bot that fills the honeypot is refused with a 400", async () => {
    const { nameFieldName } = await getHoneypotInputProps();
    await expect(submit({ ...valid, [nameFieldName]: "bot" }, async () => new Response())).rejects.toMatchObject({ data: { message: "Форма отклонена." }, init: { status: 400 } });
  });

  it("success: a redirect with a toast, the value parsed by the schema", async () => {
    const request = post(valid);
    const response = await withContext(request, (context) =>
      handleSubmission(form, { request, context }, async (value, reply) => {
        expect(value).toEqual(valid);
        return reply.success("/profile", "Готово.");
      }),
    );
    expect(response).toBeInstanceOf(Response);
    const redirect = response as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/profile");
    const cookie = redirect.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { toast } = await getToast(new Request("http://portal.test/profile", { headers: { Cookie: cookie } }));
    expect(toast).toMatchObject({ type: "success", description: "Готово." });
  });
});

describe("replies without a submission (a resend)", () => {
  it("every backend detail is about the form: there are no fields", async () => {
    const error = new ApiError(400, { type: "validation_error", errors: [{ code: "invalid", detail: "Адрес не найден.", attr: "email" }] } as never, "users.register");
    const answer = (await withContext(post({}), async (context) => replies(form, context).fromError(error))) as unknown as Answer;
    expect(answer.data.result.error).toEqual({ "": ["Адрес не найден."] });
  });

  it("a form error on the form it names, with its status", async () => {
    const request = post({});
    const answer = (await withContext(request, async (context) => replies(form, context).formError("Рано.", 429))) as unknown as Answer;
    expect(answer.init?.status).toBe(429);
    expect(answer.data).toEqual({ form: "test-form", result: { status: "error", error: { "": ["Рано."] } } });
  });
});
