// The service worker of a build (docs/decisions/016-offline.md): app/pwa/service-worker.ts
// bundled by esbuild (Workbox's modules included, production mode), then
// workbox-build's injectManifest writes the precache list of this build's
// client files into it. Run by scripts/build.js after the Vite build, on the
// new build's folder; server/pwa-endpoints.ts serves the result at /sw.js.
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  const [{ build }, { injectManifest }] = await Promise.all([import("esbuild"), import("workbox-build")]);
  // One classic script per entry, for browsers that load it outside the page's modules.
  const bundle = (entry, outfile) =>
    build({
      entryPoints: [path.join(root, "app", "pwa", entry)],
      outfile,
      bundle: true,
      format: "iife",
      minify: true,
      target: "es2020",
      tsconfig: path.join(root, "tsconfig.json"),
      define: { "process.env.NODE_ENV": '"production"', "import.meta.env.LOCALES_VERSION": JSON.stringify(version) },
      logLevel: "warning",
    });
  await bundle("service-worker.ts", bundled);
  // The registration (workbox-window), loaded by the document's inline starter.
  await bundle("register.ts", path.join(client, "pwa-register.js"));
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: path.join(client, "sw.js"),
    globDirectory: client,
    // Nothing of the build ahead of the resident: on a slow link the precache shared it with the pages
    // being read (docs/benchmark.md, section 9). Scripts, styles and texts are kept as pages use them.
    globPatterns: [],
    additionalManifestEntries: languages.map((lng) => ({ url: `/offline/${lng}`, revision: configRevisionSlot })),
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = path.resolve(process.argv[2] ?? path.join(root, "build"));
  buildServiceWorker(target).then(
    ({ count, size }) => console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KB)`),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
