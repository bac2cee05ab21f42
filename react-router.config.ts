import type { Config } from "@react-router/dev/config";

export default {
  // Server rendering is the product: every page must work without JavaScript.
  ssr: true,
  future: {
    v8_middleware: true,
  },
} satisfies Config;
