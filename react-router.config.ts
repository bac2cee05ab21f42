import type { Config } from "@react-router/dev/config";

export default {
  // Server rendering is the product: every page must work without JavaScript.
  ssr: true,
  // scripts/build.js builds into a new folder and then points build/ at it.
  buildDirectory: process.env.PORTAL_BUILD_DIR || "build",
  future: {
    v8_middleware: true,
    // Data requests keep the page's trailing slash: /_.data for "/", /posts/_.data for "/posts/".
    v8_trailingSlashAwareDataRequests: true,
    // v8's other changes, declined by name until each is tried (decision 029): the
    // first-visit chunks (scripts/chunks) read the classic build's output, and every
    // loader reads request.url as the page's address, never a .data or ?index URL.
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
