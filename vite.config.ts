import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";
import { localesVersion } from "./scripts/locales-version.js";

/**
 * Fewer, larger scripts on a first visit (each is a request, and on a slow
 * link a round trip): Rollup would cut a chunk for every module two routes
 * share, many of them a few hundred bytes. Every page loads the framework
 * (React, React Router, i18next) and the root route's own modules (the
 * shell): each goes in one chunk. What only some pages or a form use keeps
 * its own chunk, loaded when needed.
 */
const framework = /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements)\//;
function firstVisitChunks(id: string, meta: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null; getModuleIds: () => IterableIterator<string> }) {
  if (framework.test(id)) return "framework";
  if (!shell) {
    shell = new Set();
    const root = [...meta.getModuleIds()].find((moduleId) => /\/app\/root\.tsx(\?|$)/.test(moduleId));
    const queue = root ? [...(meta.getModuleInfo(root)?.importedIds ?? [])] : [];
    while (queue.length) {
      const next = queue.pop()!;
      if (shell.has(next) || next.includes("/node_modules/")) continue;
      shell.add(next);
      queue.push(...(meta.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  if (shell.has(id) || sharedHelpers.test(id)) return "shell";
  if (listModules.test(id)) return "lists";
  return undefined;
}
let shell: Set<string> | undefined;
/**
 * The list pages' filter form and pagination (news, tariffs, requisites, the
 * administration's lists): one chunk rather than three requests of 1-2 KB on
 * every list page's first visit (on /posts four, with the excerpt below).
 */
const listModules = /\/app\/components\/(pagination|filters|post-filters)\.tsx$/;
/** Helpers of a few hundred bytes that several pages share: cheaper in the shell than a request of their own. */
const sharedHelpers = /\/app\/format\/excerpt\.ts$/;

export default defineConfig(({ isSsrBuild }) => ({
  define: { "import.meta.env.LOCALES_VERSION": JSON.stringify(localesVersion()) },
  build: {
    // The server build is the Express app (server/app.ts), which wraps the
    // React Router request handler with headers, static files and probes.
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : { output: { manualChunks: firstVisitChunks } },
    // Small chunks are cheaper on slow networks than one large bundle.
    assetsInlineLimit: 0,
    // terser packs the client bundle a few per cent tighter than esbuild
    // (every first visit pays for it: docs/decisions/006).
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, compress: { passes: 3 }, format: { comments: false } },
  },
  plugins: [
    reactRouter(),
    tsconfigPaths(),
    // Scripts, styles and locale files compressed once at build time (brotli
    // and gzip, their best levels), served as they are by server/app.ts: fewer
    // bytes on slow links than compressing on the fly, and no CPU per request.
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
        include: /\.(js|css|json|svg|xml|txt)$/,
        logLevel: "silent",
      }),
  ],
}));
