import { describe, expect, it } from "vitest";
import { z } from "zod";

import { validateWith } from "./validation";

const validate = validateWith(z.object({ email: z.email({ error: "email" }) }));

function formData(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const button = (name: string, formNoValidate: boolean) =>
  ({ name, formNoValidate }) as HTMLButtonElement;

describe("validateWith", () => {
  it("checks a field as it is typed, though conform's validation button is marked formNoValidate", () => {
    const submission = validate({
      formData: formData({
        email: "bad",
        __intent__: JSON.stringify({ type: "validate", payload: { name: "email" } }),
      }),
      submitter: button("__intent__", true),
    });
    expect(submission.reply().error).toEqual({ email: ["email"] });
  });

  it("lets the form's own formNoValidate buttons («Назад») through unchecked, as without JavaScript", () => {
    const submission = validate({
      formData: formData({ email: "bad", intent: "back" }),
      submitter: button("intent", true),
    });
    expect(submission.status).toBe("success");
  });

  it("checks a plain submit", () => {
    const submission = validate({
      formData: formData({ email: "bad" }),
      submitter: button("intent", false),
    });
    expect(submission.status).toBe("error");
  });
});
