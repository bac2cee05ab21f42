// The Firefox smoke suite (npm run test:firefox, run by scripts/firefox-smoke.js):
// a browser and a stack of its own, so long timeouts and one file at a time.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  cacheDir: fileURLToPath(new URL("../../node_modules/.vite/firefox", import.meta.url)),
  test: {
    include: ["tests/firefox/**/*.test.ts"],
    environment: "node",
    // A flow is a few pages; starting Firefox and the stack on a busy machine takes longer.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
