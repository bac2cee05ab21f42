import { describe, expect, it } from "vitest";

import { ApiError } from "~/utils/api/errors";

import { rethrowNotFound } from "./rethrow-not-found.server";

const refusal = (status: number) =>
  new ApiError(
    status,
    { errors: [{ code: "invalid", detail: "Неверный запрос", attr: null }] } as never,
    "postsRetrieve",
  );

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("rethrowNotFound", () => {
  it("makes the backend's 404 the portal's 404 page", () => {
    const thrown = thrownBy(() => rethrowNotFound(refusal(404))) as { init?: ResponseInit };
    expect(thrown.init?.status).toBe(404);
  });

  it("lets every other error go on as it is: a 400 is no page of its own", () => {
    for (const error of [refusal(400), refusal(409), new Error("bug")]) {
      expect(thrownBy(() => rethrowNotFound(error))).toBe(error);
    }
  });
});
