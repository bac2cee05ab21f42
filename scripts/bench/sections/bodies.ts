// Oversized request bodies: 8 parallel 100 MB posts must be refused without
// the portal's memory following them.
import http from "node:http";

import { budgets, LIMITS, verdict } from "../budgets";
import type { Context } from "../context";
import { heading, mb, note, table } from "../output";
import { rssKib, settle } from "../proc";

/**
 * POSTs `totalBytes` of one multipart file field, 64 KB at a time (the bench
 * never holds the body), with or without Content-Length, and stops sending
 * once the portal answers. Resolves with the status, or "reset".
 */
function hugePost(
  portalUrl: string,
  requestPath: string,
  { totalBytes, chunked, cookie }: { totalBytes: number; chunked: boolean; cookie?: string },
) {
  return new Promise<{ status: number | "reset"; sent: number }>((resolve) => {
    const boundary = "----bench-bodies";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const headers: Record<string, string> = {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      Origin: portalUrl,
    };
    if (cookie) headers.Cookie = cookie;
    if (chunked) headers["Transfer-Encoding"] = "chunked";
    else headers["Content-Length"] = String(head.length + totalBytes + tail.length);
    const request = http.request(new URL(requestPath, portalUrl), { method: "POST", headers });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let settled = false;
    const done = (status: number | "reset") => {
      if (settled) return;
      settled = true;
      resolve({ status, sent });
    };
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => done(response.statusCode ?? "reset"));
      response.on("error", () => done(response.statusCode ?? "reset"));
    });
    request.on("error", () => done("reset"));
    request.write(head);
    const pump = () => {
      while (!settled && sent < totalBytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!settled) request.end(tail);
    };
    pump();
  });
}

export async function bodiesSection(ctx: Context) {
  heading("6. Oversized bodies (8 parallel 100 MB posts, portal RSS)");
  const { portalUrl, portalPid: pid } = ctx.stack;
  const total = 100 * 1024 * 1024;
  const runs = [
    { name: "/auth, multipart with Content-Length", path: "/auth", chunked: false },
    { name: "/auth, multipart chunked (no length)", path: "/auth", chunked: true },
    {
      name: "image upload as admin (one 100 MB file)",
      path: `/admin/posts/${ctx.postId}/images`,
      chunked: false,
      cookie: ctx.adminCookie,
    },
  ];
  // A first refusal warms the code paths up, so idle is idle.
  await hugePost(portalUrl, "/auth", { totalBytes: 1024 * 1024, chunked: false });
  const rows = [];
  for (const run of runs) {
    await settle();
    const idle = rssKib(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKib(pid));
    }, 50);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        hugePost(portalUrl, run.path, {
          totalBytes: total,
          chunked: run.chunked,
          cookie: run.cookie,
        }),
      ),
    );
    const elapsed = performance.now() - started;
    await settle();
    clearInterval(sampler);
    const after = rssKib(pid);
    peak = Math.max(peak, after);
    const statuses = [...new Set(results.map((r) => r.status))].join(", ");
    const sentMb = results.reduce((sum, r) => sum + r.sent, 0) / 1024 / 1024;
    const grownMb = (peak - idle) / 1024;
    rows.push([
      run.name,
      statuses,
      `${sentMb.toFixed(0)} MB`,
      `${(elapsed / 1000).toFixed(1)} s`,
      mb(idle),
      mb(peak),
      `+${grownMb.toFixed(1)} MB`,
      mb(after),
    ]);
    budgets.add({
      name: `8 × 100 MB posts: RSS peak over idle, ${run.name}`,
      figure: `+${grownMb.toFixed(1)} MB (${statuses})`,
      limit: `<= ${LIMITS.bodiesRssMb} MB, refused`,
      verdict: verdict(grownMb <= LIMITS.bodiesRssMb && results.every((r) => refused(r, total))),
    });
  }
  table(
    ["posts", "answers", "bench sent", "time", "idle RSS", "peak RSS", "peak − idle", "after 1 s"],
    rows,
  );
  note(
    "The answers are 413 (refused by length or while streaming) or 400 with the form's message (a file over 10 MB);",
    '"reset" is the portal closing the connection while the bench was still sending (after its 413, which the bench',
    "had not read yet): refused too, as long as the body did not go through whole.",
    '"bench sent" is what left the bench before the portal answered (it stops sending then).',
  );
}

/** Refused: answered 413 or 400, or cut off (a reset) before the whole body went out. */
export function refused(result: { status: number | "reset"; sent: number }, total: number) {
  return (
    result.status === 413 ||
    result.status === 400 ||
    (result.status === "reset" && result.sent < total)
  );
}
