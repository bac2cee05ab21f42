// The portal's resident memory over 10 000 requests (a mix of / and /posts),
// after a warm-up: a leak shows as growth once the heap has reached its working
// size. Measured from a cold process the same code grew 21% in one run and 35%
// in the next (V8 sizing its heap), and 1% after the 8,500 requests of the
// sections before it: the figure said how warm the process was, not whether it leaks.
import { budgets, LIMITS, verdict } from "../budgets";
import { cannon } from "../cannon";
import type { Context } from "../context";
import { heading, int, mb, note, pct, table } from "../output";
import { rssKib, settle } from "../proc";

const WARMUP = 10_000;

export async function memorySection(ctx: Context) {
  heading("4. Memory (portal RSS, mix of / and /posts)");
  const pid = ctx.stack.portalPid;
  const base = {
    url: ctx.stack.portalUrl,
    connections: 10,
    requests: [{ path: "/" }, { path: "/posts" }],
  };
  const start = rssKib(pid);
  const warmup = await cannon({ ...base, amount: WARMUP });
  await settle();
  const warm = rssKib(pid);
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
      [`after a warm-up of ${int(WARMUP)} requests`, mb(warm), warmup.failures.text],
      ["then after 1 000 requests", mb(after1k), first.failures.text],
      ["then after 10 000 requests", mb(after10k), second.failures.text],
    ],
  );
  note(`growth 1 000 → 10 000: ${pct(growth)}`);
  ctx.served += warmup.total + first.total + second.total;
  budgets.add({
    name: "RSS after 10 000 vs 1 000 requests",
    figure: `${mb(after1k)} → ${mb(after10k)} (${pct(growth)})`,
    limit: `within ${LIMITS.memoryGrowth * 100}%`,
    verdict: verdict(Math.abs(growth) <= LIMITS.memoryGrowth),
  });
  if (warmup.failures.count + first.failures.count + second.failures.count > 0) {
    const figure = [warmup, first, second].map((run) => run.failures.text).join(", ");
    budgets.add({ name: "Memory runs: non-2xx / errors", figure, limit: "0", verdict: "FAIL" });
  }
}
