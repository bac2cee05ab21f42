// The contract suite (npm run test:contract): HTTP tests against CONTRACT_API_URL,
// or against the stand-in started on a fresh temporary database.
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

// What only the stand-in holds (its demo data, its wording, /__outbox/, its
// configuration) is in tests/stand-in/: against another server only the
// contract is tested, so a failure there is a contract failure.
const external = Boolean(process.env.CONTRACT_API_URL?.trim());

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // Vite's cache in the project's node_modules, not in a backend/node_modules of its own.
  cacheDir: fileURLToPath(new URL("../node_modules/.vite/backend", import.meta.url)),
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(external ? ["tests/stand-in/**"] : [])],
    globalSetup: ["tests/global-setup.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Files share one server; they run one after another so counts and orders stay readable.
    fileParallelism: false,
    // One module graph for every file: 12.6 s instead of 17.5 s here, passing in shuffled orders too (decision 043).
    isolate: false,
  },
});
