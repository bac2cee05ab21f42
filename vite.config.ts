import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import tsconfigPaths from "vite-tsconfig-paths";

import { browserNamespaces } from "./app/utils/i18n/config";
import { portalOnWarn, resourceRouteNames } from "./scripts/build-warnings";
// The build's one custom step: React, React Router and the root route's modules in two chunks
// every first visit loads (docs/decisions/020). PORTAL_CHUNKS=rollup turns it off.
import { firstVisitChunks } from "./scripts/chunks/first-visit-chunks";
import { zopfliGzip } from "./scripts/compress/zopfli-gzip";
import { localeFiles } from "./scripts/locale-files.js";
import { localesVersion } from "./scripts/locales-version.js";

export default defineConfig(({ isSsrBuild }) => ({
  define: { "import.meta.env.LOCALES_VERSION": JSON.stringify(localesVersion()) },
  build: {
    // The server build is the Express app (server/app.ts), which wraps the
    // React Router request handler with headers, static files and probes.
    rollupOptions: {
      ...(isSsrBuild ? { input: "./server/app.ts" } : {}),
      onwarn: portalOnWarn(resourceRouteNames("app/routes")),
    },
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
    firstVisitChunks(),
    !isSsrBuild && localeFiles(browserNamespaces),
    // Scripts, styles and locale files compressed once at build time, served as
    // they are by server/app.ts: fewer bytes on slow links than compressing on
    // the fly, and no CPU per request. Brotli at its best level; gzip (browsers
    // without brotli) by zopfli, about 3 % smaller than zlib's best (decision 040).
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm(zopfliGzip)],
        include: /\.(js|css|json|svg|xml|txt)$/,
        logLevel: "silent",
      }),
  ],
}));
