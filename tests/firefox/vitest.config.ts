// The Firefox walks (npm run test:firefox, run by scripts/firefox-smoke.ts):
// a browser and a stack of its own, so long timeouts and one file at a time.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  cacheDir: fileURLToPath(new URL("../../node_modules/.vite/firefox", import.meta.url)),
  test: {
    include: ["tests/firefox/**/*.test.ts"],
    environment: "node",
    // Ceilings, not budgets: a flow takes 30-80 s and starting Firefox and the stack
    // over a minute on 2 cores shared with other builds (load 40-60).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
