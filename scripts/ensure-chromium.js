// Finds Chromium for Playwright, or installs Debian's package when it can.
import { ensureDebianTool } from "./ensure-debian-tool.js";

export function ensureChromium() {
  return ensureDebianTool({
    name: "Chromium",
    debianPackage: "chromium",
    envVar: "CHROMIUM_PATH",
    paths: ["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    purpose: "for the end-to-end tests",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureChromium());
}
