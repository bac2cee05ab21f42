import { describe, expect, it } from "vitest";

import { PostSchema, UserEditSchema } from "./admin";
import { ProfileStepSchema, RegistrationEmailSchema } from "./auth";
import { codeField, nameField, optionalNameField } from "./field-rules";
import { ProfileSchema } from "./profile";

/** Each character the probe found stored and shown, and the rest of their kind. */
const hidden = {
  ESC: "\x1b",
  NUL: "\x00",
  TAB: "\t",
  DEL: "\x7f",
  CR: "\r",
  LF: "\n",
  NEL: "\u0085",
  CSI: "\u009b",
  "soft hyphen": "\u00AD",
  ZWSP: "\u200B",
  ZWNJ: "\u200C",
  ZWJ: "\u200D",
  LRM: "\u200E",
  RLM: "\u200F",
  "line separator": "\u2028",
  "paragraph separator": "\u2029",
  LRE: "\u202A",
  RLO: "\u202E",
  "word joiner": "\u2060",
  LRI: "\u2066",
  PDI: "\u2069",
  BOM: "\uFEFF",
  "U+FFFE": "\uFFFE",
  "U+FFFF": "\uFFFF",
  "lone surrogate": "\uD800",
};

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("names and titles", () => {
  it.each(Object.entries(hidden))(
    "refuse %s inside the text, with their own message",
    (_name, char) => {
      const result = nameField.safeParse(`Ив${char}ан`);
      expect(messages(result)).toEqual([": errors:hiddenChars"]);
      expect(messages(optionalNameField.safeParse(`Ив${char}ан`))).toEqual([
        ": errors:hiddenChars",
      ]);
    },
  );

  it("refuse a name that would show reversed, in every form that takes one", () => {
    const spoof = "\u202Eротартсинимда";
    const base = { first_name: "Мария", last_name: "Тестова" };
    expect(messages(ProfileSchema.safeParse({ ...base, last_name: spoof }))).toEqual([
      "last_name: errors:hiddenChars",
    ]);
    expect(
      messages(
        ProfileSchema.safeParse({ ...base, middle_name: "Ивановна\u200B" + "\u200B" + "x" }),
      ),
    ).toEqual(["middle_name: errors:hiddenChars"]);
    expect(
      messages(
        ProfileStepSchema.safeParse({
          ...base,
          first_name: "Иван\x1b[2J",
          code: "1234",
          password: "password1",
          password_confirmation: "password1",
        }),
      ),
    ).toEqual(["first_name: errors:hiddenChars"]);
    expect(
      messages(UserEditSchema.safeParse({ ...base, email: "a@example.com", first_name: spoof })),
    ).toEqual(["first_name: errors:hiddenChars"]);
    expect(
      messages(PostSchema.safeParse({ title: "Отключение\u2028воды", text: "Текст" })),
    ).toEqual(["title: errors:hiddenChars"]);
  });

  it("take every language's letters, spaces, hyphens, apostrophes and emoji, trimmed", () => {
    for (const name of ["Мария-Луиза", "Сахаайа Ҕ Ҥ Ө Һ Ү", "O'Connor", "Zoë", "Ли Мин"]) {
      expect(nameField.parse(` ${name} `)).toBe(name);
    }
    // A new line pasted at the end is only whitespace: trimmed, not refused.
    expect(nameField.parse("Иван\n")).toBe("Иван");
    expect(PostSchema.parse({ title: "Отключение воды 😀", text: "x" }).title).toBe(
      "Отключение воды 😀",
    );
  });
});

describe("the code from the letter", () => {
  const says = (value: unknown) => codeField.safeParse(value).error?.issues.map((i) => i.message);

  it("asks for its four digits, alone, when they are not there", () => {
    for (const value of ["", "   ", undefined, "abc", "12", "12345", "12a4"])
      expect(says(value), JSON.stringify(value)).toEqual(["errors:code"]);
  });

  it("says it never starts with a zero when four digits do", () => {
    expect(says("0123")).toEqual(["errors:codeRange"]);
  });

  it("is the number typed, spaces around it trimmed", () => {
    expect(codeField.parse(" 4821 ")).toBe(4821);
  });
});

describe("the consent to the processing of personal data", () => {
  // Asked on registration's first step: the e-mail is personal data.
  const step = { email: "maria@example.org" };

  it("is required: an unticked box (nothing sent) or any other value is refused with its own message", () => {
    expect(messages(RegistrationEmailSchema.safeParse(step))).toEqual([
      "consent: errors:consentRequired",
    ]);
    for (const consent of ["", "off", "true", "ON"]) {
      expect(messages(RegistrationEmailSchema.safeParse({ ...step, consent }))).toEqual([
        "consent: errors:consentRequired",
      ]);
    }
  });

  it("refused, leaves the form's other checks said too", () => {
    expect(messages(RegistrationEmailSchema.safeParse({ email: "maria" }))).toEqual([
      "email: errors:email",
      "consent: errors:consentRequired",
    ]);
  });

  it("is the ticked box's value", () => {
    expect(RegistrationEmailSchema.safeParse({ ...step, consent: "on" }).success).toBe(true);
  });
});

describe("post bodies", () => {
  it("lose C0 controls and DEL but keep tabs, new lines and everything printable", () => {
    const { text } = PostSchema.parse({
      title: "Заголовок",
      text: "Первая\x0bстрока\x0c\r\nвторая\tстрока\x1b[31m\x7f\x00 — «ок» \u202E",
    });
    expect(text).toBe("Перваястрока\r\nвторая\tстрока[31m — «ок» \u202E");
  });

  it("made only of controls is empty, so refused as empty", () => {
    expect(messages(PostSchema.safeParse({ title: "Заголовок", text: "\x01\x02" }))).toEqual([
      "text: errors:required",
    ]);
  });
});
