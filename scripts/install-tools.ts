// The Debian programs the end-to-end, Firefox and WebKit stages need (scripts/e2e.ts,
// scripts/firefox-smoke.ts, scripts/webkit-walk.ts),
// installed in one apt-get run. npm test (scripts/test.ts) runs it beside the unit and contract tests,
// which keep the cores busy but leave the network and the disk to it. What is there is not installed again.
import { installTools } from "./debian-tools";

const installed = installTools([
  "chromiumHeadlessShell",
  "redis",
  "nginx",
  "java",
  "firefox",
  "webkitDriver",
  "xvfb",
  "localeSources",
]);
console.log(installed.length > 0 ? `Installed ${installed.join(", ")}.` : "Nothing to install.");
