import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One way to translate, so a reader meets one: remix-i18next's middleware makes the server's
// instances and answers the request's language (app/server/middleware/i18n.server.ts,
// `requestLanguage`), react-i18next's hook translates components, and the
// browser's one i18next starts in app/entry.client.tsx.
const i18nModule = "app/server/middleware/i18n.server.ts";
const secondWayToTranslate = [
  {
    selector:
      "CallExpression[callee.property.name='createInstance'], CallExpression[callee.name='createInstance']",
    message: `i18next instances are made in ${i18nModule} only: use getI18n(context), or i18nFor(lng) outside a request.`,
  },
  {
    selector: "CallExpression[callee.object.name='languageCookie'][callee.property.name='parse']",
    message:
      "The request's language is requestLanguage() (or getLocale(context)), which also asks Accept-Language.",
  },
  {
    selector: "Literal[value=/(^|[^\\w])lng=/], Literal[regex.pattern=/lng=/]",
    message:
      "The request's language is requestLanguage() (or getLocale(context)): never the lng cookie read by hand.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".builds/",
      "scripts/bench/floor/build/",
      "scripts/bench/floor/.react-router/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "backend/data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", i18nModule],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "i18next",
              importNames: ["createInstance"],
              message: `i18next instances are made in ${i18nModule} only.`,
            },
            {
              name: "remix-i18next/server",
              message:
                "The request's language is requestLanguage() in app/server/middleware/i18n.server.ts.",
            },
            {
              name: "remix-i18next/react",
              message: "useTranslation from react-i18next; the root changes the language.",
            },
          ],
        },
      ],
      "no-restricted-syntax": ["error", ...secondWayToTranslate],
    },
  },
  {
    // zod is configured before any schema is built (docs/decisions/047): app/ takes `z` from that module.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "app/server/**", "app/utils/schemas/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "z from ~/utils/schemas/zod: zod configured before any schema is built.",
            },
          ],
        },
      ],
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
        ...[
          "Literal[value=/[А-Яа-яЁё]/]",
          "TemplateElement[value.raw=/[А-Яа-яЁё]/]",
          "JSXText[value=/[А-Яа-яЁё]/]",
        ].map((selector) => ({
          selector,
          message: "Text a user reads belongs in app/locales/{rus,en}/*.json, read with t().",
        })),
        // Rules do not merge across blocks: the one-way rule again for these files.
        ...secondWayToTranslate,
      ],
    },
  },
  {
    // A function a reader can hold in view: a component's parts are components, a factory's parts
    // are named functions (a declarative table, such as the endpoint list, says why it is longer).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 80 }] },
  },
);
