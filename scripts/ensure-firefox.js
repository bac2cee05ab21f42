// Finds Firefox for the Firefox smoke suite, or installs Debian's ESR when it can.
import { ensureDebianTool } from "./ensure-debian-tool.js";

export function ensureFirefox() {
  return ensureDebianTool({
    name: "Firefox",
    debianPackage: "firefox-esr",
    envVar: "FIREFOX_PATH",
    paths: ["/usr/bin/firefox-esr", "/usr/bin/firefox"],
    purpose: "for the Firefox smoke tests",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureFirefox());
}
