// Finds Java for the Nu HTML checker (the vnu-jar package), or installs Debian's package.
import { ensureDebianTool } from "./ensure-debian-tool.js";

export function ensureJava() {
  return ensureDebianTool({
    name: "Java",
    debianPackage: "default-jre-headless",
    envVar: "JAVA_PATH",
    paths: ["/usr/bin/java"],
    purpose: "for the Nu HTML checker in the end-to-end tests",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureJava());
}
