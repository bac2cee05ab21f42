import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { localesVersion } from "./scripts/locales-version.js";

// Unit tests of the portal's logic (the backend's contract suite has its own config).
export default defineConfig({
  plugins: [tsconfigPaths()],
  define: { "import.meta.env.LOCALES_VERSION": JSON.stringify(localesVersion()) },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
  },
});
