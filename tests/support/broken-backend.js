// A deliberately broken company backend for the fault tests. Its behaviour
// is set with POST /__mode/<mode>: ok-ish (public lists answer empty pages),
// slow (never answers in time), html502, empty503, json500, garbage (200 with
// malformed JSON), empty200; trickle (200 with JSON headers, then a byte every
// 300 ms for minutes), wrong-shape (valid JSON outside the contract: lists
// `{"count":"x","results":{}}`, login a token pair of the wrong shape
// `{"token":"x"}`, anything else `{"foo":1}`), html401 (401 text/html),
// html200 (200 text/html),
// delay-<ms> (an empty page of results, after <ms>).
// media (/media/<name> answers by the name's extension whatever the bytes;
// other paths answer empty lists).
import http from "node:http";

export async function startBrokenBackend() {
  let mode = "garbage";
  const pending = new Set();
  const server = http.createServer((req, res) => {
    if (req.method === "POST" && req.url?.startsWith("/__mode/")) {
      mode = req.url.slice("/__mode/".length);
      res.end("ok");
      return;
    }
    if (mode.startsWith("delay-")) {
      // Held like "slow", then answered normally: a request the portal is still waiting on.
      pending.add(res);
      res.on("close", () => pending.delete(res));
      setTimeout(
        () => {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
        },
        Number(mode.slice("delay-".length)),
      );
      return;
    }
    switch (mode) {
      case "slow":
        // Hold the request until the portal gives up (or the test ends).
        pending.add(res);
        res.on("close", () => pending.delete(res));
        return;
      case "html502":
        res.writeHead(502, { "Content-Type": "text/html" });
        res.end("<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>");
        return;
      case "empty503":
        res.writeHead(503);
        res.end();
        return;
      case "json500":
        res.writeHead(500, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            type: "server_error",
            errors: [{ code: "error", detail: "A server error occurred.", attr: null }],
          }),
        );
        return;
      case "media": {
        // A backend whose stored files lie about their type: the portal must go by the bytes.
        const name = req.url?.startsWith("/media/") ? req.url.slice("/media/".length) : null;
        if (!name) {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ count: 0, next: null, previous: null, results: [] }));
          return;
        }
        const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
        const files = {
          "page.html": [
            "text/html",
            Buffer.from("<!doctype html><script>alert(document.cookie)</script>"),
          ],
          "photo.png": ["text/html", png],
          "doc.pdf": ["application/octet-stream", Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n")],
          "image.svg": [
            "image/svg+xml",
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          ],
        };
        const file = files[name];
        if (!file) {
          res.writeHead(404);
          res.end();
          return;
        }
        res.writeHead(200, {
          "Content-Type": file[0],
          "Content-Length": String(file[1].length),
          "Content-Disposition": "inline",
        });
        res.end(file[1]);
        return;
      }
      case "trickle": {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"count": 1, "next": null, "previous": null, "results": [');
        const timer = setInterval(() => res.write(" "), 300);
        const stopAfter = setTimeout(() => res.end("]}"), 5 * 60_000);
        pending.add(res);
        res.on("close", () => {
          clearInterval(timer);
          clearTimeout(stopAfter);
          pending.delete(res);
        });
        return;
      }
      case "wrong-shape": {
        const path = (req.url ?? "").split("?")[0];
        const body = path.endsWith("/client/users/login/")
          ? { token: "x" }
          : /\/(posts|rates|reports|accounts|users|images)\/$/.test(path)
            ? { count: "x", results: {} }
            : { foo: 1 };
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
        return;
      }
      case "html401":
        res.writeHead(401, { "Content-Type": "text/html" });
        res.end("<html><body><h1>401 Authorization Required</h1><hr>nginx</body></html>");
        return;
      case "html200":
        res.writeHead(200, { "Content-Type": "text/html" });
        res.end("<html><body><h1>Welcome to nginx!</h1></body></html>");
        return;
      case "empty200":
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end();
        return;
      default:
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end('{"count": 3, "results": [');
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    /** Requests held right now (slow and delay modes). */
    pending: () => pending.size,
    async setMode(next) {
      await fetch(`http://127.0.0.1:${port}/__mode/${next}`, { method: "POST" });
    },
    async stop() {
      for (const res of pending) res.destroy();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
