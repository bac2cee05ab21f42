// The WebKit walks (npm run test:webkit, run by scripts/webkit-walk.ts):
// a browser and a stack of their own, so long timeouts and one file at a time.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  cacheDir: fileURLToPath(new URL("../../node_modules/.vite/webkit", import.meta.url)),
  test: {
    include: ["tests/webkit/**/*.test.ts"],
    environment: "node",
    // Ceilings, not budgets: a step takes 10-40 s, starting the stack up to a minute
    // on 2 cores shared with other builds.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
