// Finds redis-server for the end-to-end tests of several replicas, or installs Debian's package.
import { ensureDebianTool } from "./ensure-debian-tool.js";

export function ensureRedis() {
  return ensureDebianTool({
    name: "redis-server",
    debianPackage: "redis-server",
    envVar: "REDIS_SERVER_PATH",
    paths: ["/usr/bin/redis-server", "/usr/local/bin/redis-server"],
    purpose: "for the end-to-end tests of several replicas",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureRedis());
}
