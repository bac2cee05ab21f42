// Finds nginx for the end-to-end test of the production shape (deploy/nginx.conf
// in front of two replicas), or installs Debian's package.
import { ensureDebianTool } from "./ensure-debian-tool.js";

export function ensureNginx() {
  return ensureDebianTool({
    name: "nginx",
    debianPackage: "nginx",
    envVar: "NGINX_PATH",
    paths: ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"],
    purpose: "for the end-to-end test of the production shape",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(ensureNginx());
}
