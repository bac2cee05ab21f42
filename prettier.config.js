/**
 * Prettier formats every file; the import-sorting plugin orders imports: Node's own modules, then
 * packages, then the app's `~/` modules, then relative ones.
 *
 * @type {import("prettier").Config}
 */
export default {
  printWidth: 100,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "", "^~/(.*)$", "", "^[.]"],
};
