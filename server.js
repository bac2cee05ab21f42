// Starts the portal's HTTP server: Vite's dev middleware in development, the
// built Express app (build/server/index.js) in production. Configuration comes
// from the environment (see README); scripts/start.js prepares the demo.
import express from "express";

const port = Number.parseInt(process.env.PORT || "3000", 10);
const development = process.env.NODE_ENV !== "production";
const server = express();
server.disable("x-powered-by");

if (development) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const { app } = await import("./build/server/index.js");
  server.use(app);
}

const listener = server.listen(port, () => {
  console.log(`Portal listening on http://localhost:${port}`);
});

// Replicas are stopped by the orchestrator: finish what is in flight, then exit.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    listener.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
