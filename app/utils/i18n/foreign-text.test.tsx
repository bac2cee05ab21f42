import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";

import { FormErrors } from "~/components/forms/form";
import { ErrorList } from "~/components/ui/fields";
import { i18nFor } from "~/server/middleware/i18n.server";

import { foreignText, readErrorText } from "./foreign-text";

describe("a text in another language than the page's", () => {
  it("travels as a string and is read back with its language", () => {
    const carried = foreignText("ru", "Превышена квота.");
    expect(typeof carried).toBe("string");
    expect(readErrorText(carried)).toEqual({ text: "Превышена квота.", lang: "ru" });
    expect(readErrorText("The code is wrong or has expired.")).toEqual({
      text: "The code is wrong or has expired.",
    });
  });

  it("is rendered in its own element with lang, beside a field and inside a form", async () => {
    const i18n = await i18nFor("en");
    const render = (node: React.ReactNode) =>
      renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
    const errors = ["Wrong email address or password.", foreignText("ru", "Превышена квота.")];
    for (const html of [
      render(<ErrorList id="e" errors={errors} />),
      render(<FormErrors id="f" errors={errors} />),
    ]) {
      expect(html).toContain('<span lang="ru">Превышена квота.</span>');
      expect(html).toContain("Wrong email address or password.");
      expect(html).not.toContain("[lang=");
    }
  });
});
