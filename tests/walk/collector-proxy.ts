/**
 * WebKitWebDriver speaks WebDriver classic only: no console or page-error
 * events reach the test, and no script can be set to run before a page's own.
 * This proxy stands in front of the portal (the browser knows only its address)
 * and puts a collector at the top of every HTML page, carrying the nonce of the
 * page's CSP: script errors, unhandled rejections, console errors and CSP
 * violations are kept in the tab's sessionStorage, so that what a page logs
 * while it is being left is read by the next one (`collected`).
 *
 * React Router's eager route discovery asks `/__manifest` for the routes of
 * the links a page renders, with a fetch no signal aborts. When the document is
 * left while that fetch runs, the engine fails it and React Router logs
 * "Failed to fetch manifest patches". That is benign (the routes asked for were
 * the left document's; the next one asks for its own): exactly that message,
 * logged after the document's `beforeunload`, is kept apart, not as a problem.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const problemsKey = "walk-problems";
/** What the collector let pass: React Router's reports of a left document's route discovery. */
export const letPassKey = "walk-let-pass";

/**
 * Runs in the page before any of the portal's scripts. Plain JavaScript in a
 * string: a transpiler's helpers (`__name`) would not exist in the page.
 */
const collector = `(() => {
  const key = ${JSON.stringify(problemsKey)};
  // Set once the document is being left (a link to another site's page, an address typed).
  let leaving = false;
  addEventListener("beforeunload", () => { leaving = true; });
  const keep = (text, where = key) => {
    try {
      const kept = JSON.parse(sessionStorage.getItem(where) ?? "[]");
      kept.push(text + " (at " + location.pathname + ")");
      sessionStorage.setItem(where, JSON.stringify(kept));
    } catch {
      // Storage refused: the page itself will fail the walk's checks.
    }
  };
  addEventListener("error", (event) => keep("script error: " + event.message));
  addEventListener("unhandledrejection", (event) =>
    keep("unhandled rejection: " + String(event.reason) + " " + (event.reason?.stack ?? "")),
  );
  document.addEventListener("securitypolicyviolation", (event) =>
    keep("CSP: " + event.violatedDirective + " " + event.blockedURI + " at " + event.sourceFile),
  );
  const error = console.error.bind(console);
  console.error = (...args) => {
    // React Router's route discovery failed by the document's leaving (decision 048): benign, kept apart.
    if (leaving && args[0] === "Failed to fetch manifest patches" && args[1] instanceof TypeError)
      return keep("console error: " + args[0], ${JSON.stringify(letPassKey)});
    keep("console error: " + args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" "));
    error(...args);
  };
})();`;

/** What the pages of this tab collected so far (to run in the page). */
export function collected(key: string): string[] {
  return JSON.parse(sessionStorage.getItem(key) ?? "[]") as string[];
}

function inject(html: string, nonce: string | undefined) {
  const script = `<script nonce="${nonce ?? ""}">${collector}</script>`;
  return html.replace(/<head([^>]*)>/i, (head) => head + script);
}

/** The proxy on a free loopback port, forwarding to `target` (the portal's address). */
export async function startCollectorProxy(target: string) {
  const upstream = new URL(target);
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((request, response) => {
    // The Host as the browser sent it: the portal checks a form's Origin against it.
    const headers = { ...request.headers };
    // Plain bodies: an HTML page is rewritten, the rest passed on as it came.
    delete headers["accept-encoding"];
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers,
      },
      (answer) => {
        const type = answer.headers["content-type"] ?? "";
        const bodiless = request.method === "HEAD" || [204, 304].includes(answer.statusCode ?? 0);
        if (!type.startsWith("text/html") || bodiless) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const policy = String(answer.headers["content-security-policy"] ?? "");
          const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
          const body = Buffer.from(inject(Buffer.concat(chunks).toString("utf8"), nonce));
          const outgoing = { ...answer.headers, "content-length": String(body.length) };
          delete outgoing["transfer-encoding"];
          response.writeHead(answer.statusCode ?? 502, outgoing);
          response.end(body);
        });
      },
    );
    forwarded.on("error", () => response.destroy());
    request.pipe(forwarded);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Closes the port and every open connection: to the browser, the site is gone. */
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
