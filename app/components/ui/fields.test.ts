import { describe, expect, it } from "vitest";

import { keepsPassword } from "./fields";

describe("keepsPassword: what an action's answer leaves in a password field", () => {
  it("empties it when the sign-in was refused as a whole (the form's own error)", () => {
    expect(
      keepsPassword({ result: { status: "error", error: { "": ["wrong"] } } }, "password"),
    ).toBe(false);
  });

  it("empties it when the password itself was refused", () => {
    const answer = { result: { status: "error", error: { password: ["short"], email: ["bad"] } } };
    expect(keepsPassword(answer, "password")).toBe(false);
  });

  it("keeps it when only other fields were refused: the password was not judged", () => {
    const answer = { result: { status: "error", error: { email: ["bad"], password: [] } } };
    expect(keepsPassword(answer, "password")).toBe(true);
  });

  it("keeps it while conform re-validates as it is typed", () => {
    const answer = {
      intent: "password",
      result: { intent: { type: "validate", payload: { name: "password" } }, error: {} },
    };
    expect(keepsPassword(answer, "password")).toBe(true);
  });

  it("empties it after an answer that refused nothing, or is not a form's", () => {
    expect(keepsPassword({ result: { status: "success", error: {} } }, "password")).toBe(false);
    expect(keepsPassword({ imageId: 3, errors: ["x"] }, "password")).toBe(false);
    expect(keepsPassword(null, "password")).toBe(false);
  });
});
