import type { Config } from "@react-router/dev/config";

// The floor: the portal's React Router setup (SSR, the same future flags),
// nothing else. scripts/bench/floor.ts builds it into build/ when its sources change.
export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  future: {
    v8_middleware: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
  },
} satisfies Config;
