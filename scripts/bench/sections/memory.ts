// The portal's resident memory over 10 000 requests (a mix of / and /posts).
import { budgets, LIMITS, verdict } from "../budgets";
import { cannon } from "../cannon";
import type { Context } from "../context";
import { heading, int, mb, note, pct, table } from "../output";
import { rssKib, settle } from "../proc";

export async function memorySection(ctx: Context) {
  heading("4. Memory (portal RSS, mix of / and /posts)");
  const pid = ctx.stack.portalPid;
  const base = { url: ctx.stack.portalUrl, connections: 10, requests: [{ path: "/" }, { path: "/posts" }] };
  const start = rssKib(pid);
  const first = await cannon({ ...base, amount: 1000 });
  await settle();
  const after1k = rssKib(pid);
  const second = await cannon({ ...base, amount: 9000 });
  await settle();
  const after10k = rssKib(pid);
  const growth = after10k / after1k - 1;
  table(
    ["point", "RSS", "non-2xx/err"],
    [
      [`start of section (${int(ctx.served)} requests served before)`, mb(start), "—"],
      ["after 1 000 requests", mb(after1k), first.failures.text],
      ["after 10 000 requests", mb(after10k), second.failures.text],
    ],
  );
  note(`growth 1 000 → 10 000: ${pct(growth)}`);
  ctx.served += first.total + second.total;
  budgets.add({
    name: "RSS after 10 000 vs 1 000 requests",
    figure: `${mb(after1k)} → ${mb(after10k)} (${pct(growth)})`,
    limit: `within ${LIMITS.memoryGrowth * 100}%`,
    verdict: verdict(Math.abs(growth) <= LIMITS.memoryGrowth),
  });
  if (first.failures.count + second.failures.count > 0) {
    budgets.add({ name: "Memory runs: non-2xx / errors", figure: `${first.failures.text}, ${second.failures.text}`, limit: "0", verdict: "FAIL" });
  }
}
