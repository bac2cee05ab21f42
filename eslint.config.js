import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".builds/", "scripts/bench/floor/build/", "scripts/bench/floor/.react-router/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "backend/data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    // Every string a user reads is in app/locales (translated, and Sakha falls back to Russian):
    // Cyrillic text in a page or a component is a string that escaped them. Comments may stay Russian.
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["Literal[value=/[А-Яа-яЁё]/]", "TemplateElement[value.raw=/[А-Яа-яЁё]/]", "JSXText[value=/[А-Яа-яЁё]/]"].map((selector) => ({
          selector,
          message: "Text a user reads belongs in app/locales/{rus,en}/*.json, read with t().",
        })),
      ],
    },
  },
);
