// The service worker of a build (docs/decisions/016-offline.md, 044), in two
// parts bundled by esbuild (production mode):
//
// - what it does, app/pwa/worker-caching.ts with Workbox's modules, as
//   client/assets/sw-caching-<hash>.js (compressed here, as Vite compresses the
//   other assets: served as they are by server/app.ts);
// - the script registered, app/pwa/service-worker.ts, a few hundred bytes that
//   import the first once the link is quiet, with that file's address written
//   in; workbox-build's injectManifest writes the precache list into it.
//
// Run by scripts/build.js after the Vite build, on the new build's folder;
// server/pwa-endpoints.ts serves the registered script at /sw.js.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

import { localesVersion } from "./locales-version.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Replaced when /sw.js is served: the offline pages change with the company's contacts, not only with a build. */
export const configRevisionSlot = "__PORTAL_CONFIG_REVISION__";
const languages = ["rus", "en", "ykt"];

export async function buildServiceWorker(buildDir) {
  const client = path.join(buildDir, "client");
  const bundled = path.join(buildDir, "sw.bundle.js");
  const version = localesVersion();
  // Loaded here: `npm start` imports scripts/build.js without building.
  const [{ build }, { injectManifest }] = await Promise.all([
    import("esbuild"),
    import("workbox-build"),
  ]);
  // One classic script per entry, for browsers that load it outside the page's modules.
  const bundle = (entry, outfile, define = {}) =>
    build({
      entryPoints: [path.join(root, "app", "pwa", entry)],
      outfile,
      bundle: true,
      format: "iife",
      minify: true,
      target: "es2020",
      tsconfig: path.join(root, "tsconfig.json"),
      define: {
        "process.env.NODE_ENV": '"production"',
        "import.meta.env.LOCALES_VERSION": JSON.stringify(version),
        ...define,
      },
      logLevel: "warning",
    });
  const cachingUrl = await bundleCaching(bundle, buildDir);
  await bundle("service-worker.ts", bundled, {
    __WORKER_CACHING_URL__: JSON.stringify(cachingUrl),
  });
  // The registration (workbox-window), loaded by the document's inline starter.
  await bundle("register.ts", path.join(client, "pwa-register.js"));
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(client, "sw.js"),
    globDirectory: client,
    // Nothing of the build ahead of the resident: on a slow link the precache shared it with the pages
    // being read (docs/benchmark.md, section 9). Scripts, styles and texts are kept as pages use them.
    globPatterns: [],
    additionalManifestEntries: languages.map((lng) => ({
      url: `/offline/${lng}`,
      revision: configRevisionSlot,
    })),
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}

/** The caching part under a name that is its content's hash (immutable, as the build's other assets), with its .br and .gz. */
async function bundleCaching(bundle, buildDir) {
  // Loaded here, as esbuild above: `npm start` imports scripts/build.js without building.
  const { zopfliGzip } = await import("./compress/zopfli-gzip.js");
  const temporary = path.join(buildDir, "sw-caching.bundle.js");
  await bundle("worker-caching.ts", temporary);
  const source = fs.readFileSync(temporary);
  fs.rmSync(temporary);
  const name = `sw-caching-${crypto.createHash("sha256").update(source).digest("base64url").slice(0, 10)}.js`;
  const file = path.join(buildDir, "client", "assets", name);
  fs.writeFileSync(file, source);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
  );
  // The same gzip as the build's other assets (decision 040).
  fs.writeFileSync(`${file}.gz`, await zopfliGzip(source));
  return `/assets/${name}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.resolve(process.argv[2] ?? path.join(root, "build"));
  buildServiceWorker(target).then(
    ({ count, size }) =>
      console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
