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
  },
} satisfies Config;
