// The contract suite (npm run test:contract): HTTP tests against CONTRACT_API_URL,
// or against the stand-in started on a fresh temporary database.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // Vite's cache in the project's node_modules, not in a backend/node_modules of its own.
  cacheDir: fileURLToPath(new URL("../node_modules/.vite/backend", import.meta.url)),
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Files share one server; they run one after another so counts and orders stay readable.
    fileParallelism: false,
  },
});
