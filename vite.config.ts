import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server build is the Express app (server/app.ts), which wraps the
    // React Router request handler with headers, static files and probes.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
    // Small chunks are cheaper on slow networks than one large bundle.
    assetsInlineLimit: 0,
    // terser packs the client bundle a few per cent tighter than esbuild,
    // which is what keeps form pages under the 150 KB first-visit budget.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { module: true, compress: { passes: 3 }, format: { comments: false } },
  },
  plugins: [reactRouter(), tsconfigPaths()],
}));
