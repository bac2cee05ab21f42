/**
 * The portal's CPU per backend call through the backend client, against the
 * stand-in (its CPU is another process's and not counted). One call at a
 * time, as a page's loaders make them: half a public news page, half the
 * signed-in accounts list. Run: `node --import tsx scripts/bench/backend-client.ts [calls] [rounds]`.
 */
import os from "node:os";

import { createApiClient } from "../../app/server/api/client.server";
import { createApi } from "../../app/server/api/endpoints.server";
import { createMemoryStore } from "../../app/server/store/memory-store.server";
import type { TokenPair } from "../../app/utils/api/types";
import { startBackend } from "../../tests/support/stack.js";

const calls = Number(process.argv[2] ?? 2000);
const rounds = Number(process.argv[3] ?? 3);

const backend = await startBackend();
try {
  let tokens: Partial<TokenPair> = {};
  const store = createMemoryStore();
  const api = () =>
    createApi(
      createApiClient({
        baseUrl: backend.url,
        timeoutMs: 10_000,
        requestId: "bench",
        store,
        tokens: {
          get: () => tokens,
          set: (pair) => void (tokens = pair),
          clear: () => void (tokens = {}),
        },
        onTiming: () => {},
      }),
    );
  tokens = await api().users.login({ email: "resident@example.com", password: "resident12345" });
  const once = (i: number) => (i % 2 === 0 ? api().posts.list({ page: 1 }) : api().accounts.list());
  for (let i = 0; i < 300; i++) await once(i); // warm-up: JIT, keep-alive sockets
  console.log(
    `node ${process.version}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  for (let round = 1; round <= rounds; round++) {
    const latencies: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      const started = performance.now();
      await once(i);
      latencies.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    latencies.sort((a, b) => a - b);
    const perCall = (used.user + used.system) / 1000 / calls;
    console.log(
      `round ${round}: ${perCall.toFixed(3)} ms CPU per call, p50 ${latencies[Math.floor(calls / 2)]!.toFixed(2)} ms ` +
        `(${calls} calls, load ${os.loadavg()[0]!.toFixed(2)})`,
    );
  }
} finally {
  await backend.stop();
}
