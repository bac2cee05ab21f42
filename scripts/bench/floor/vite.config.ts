import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

import { zopfliGzip } from "../../compress/zopfli-gzip";

// The portal's build settings (../../../vite.config.ts), so that the floor differs
// from the portal by its code only: the Express app as the server build, terser,
// scripts compressed at build time with brotli and gzip.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server.ts" } : undefined,
    assetsInlineLimit: 0,
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, compress: { passes: 3 }, format: { comments: false } },
  },
  plugins: [
    reactRouter(),
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm(zopfliGzip)],
        include: /\.(js|css|json|svg|xml|txt)$/,
        logLevel: "silent",
      }),
  ],
}));
