/**
 * The build's one custom step (docs/decisions/020-first-visit-chunks.md):
 * fewer, larger scripts on a first visit. Each script is a request, and on a
 * slow link a round trip; Rollup would cut a chunk for every module two
 * routes share, many of them a few hundred bytes. So the client build puts
 *
 * - React, React Router and i18next in `framework` (every page loads them);
 * - every module the root route imports, transitively, in `shell` (every
 *   page renders the shell);
 * - the list pages' filter form and pagination in `lists`;
 *
 * and leaves everything else (a page's or a form's own modules) to Rollup.
 *
 * What it relies on from React Router: the root route is the module
 * `app/root.tsx` in the client build's module graph, and React Router's code
 * is under `node_modules/react-router/`. When a release changes either, the
 * build stops with the reason (below), and tests/e2e/first-visit-chunks.spec.ts
 * fails on the page's scripts.
 *
 * `PORTAL_CHUNKS=rollup` turns it off: Rollup's own chunking, nothing custom.
 */
import type { Plugin } from "vite";

export type ChunkingMode = "first-visit" | "rollup";

/** The build's chunking: `PORTAL_CHUNKS` (`first-visit` unless set; `rollup` turns this step off). */
export function chunkingMode(env: NodeJS.ProcessEnv = process.env): ChunkingMode {
  const value = env.PORTAL_CHUNKS ?? "first-visit";
  if (value === "first-visit" || value === "rollup") return value;
  throw new Error(`PORTAL_CHUNKS must be "first-visit" or "rollup", not ${JSON.stringify(value)}`);
}

const framework =
  /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements)\//;
/** The root route's module, as React Router names it in the client build (its id may carry a query). */
export const rootModule = /\/app\/root\.tsx(\?|$)/;
/**
 * The list pages' filter form and pagination (news, tariffs, requisites, the
 * administration's lists): one chunk rather than three requests of 1-2 KB on
 * every list page's first visit.
 * Named as files: the build stops when one is missing from its chunk (moved, renamed).
 */
const listFiles = [
  "app/components/pagination.tsx",
  "app/components/filters.tsx",
  "app/components/post-filters.tsx",
];

const isFile = (files: string[]) => (id: string) =>
  files.some((file) => id === file || id.endsWith(`/${file}`));
const isListModule = isFile(listFiles);

interface ModuleGraph {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
  getModuleIds: () => IterableIterator<string>;
}

/** Rollup's `manualChunks` for the client build; the shell is found once per build. */
export function firstVisitManualChunks() {
  let shell: Set<string> | undefined;
  return function manualChunks(id: string, graph: ModuleGraph): string | undefined {
    if (framework.test(id)) return "framework";
    shell ??= shellModules(graph);
    if (shell.has(id)) return "shell";
    if (isListModule(id)) return "lists";
    return undefined;
  };
}

/** The app's modules the root route imports, transitively (packages are left to `framework` or Rollup). */
function shellModules(graph: ModuleGraph): Set<string> {
  const root = [...graph.getModuleIds()].find((id) => rootModule.test(id));
  if (!root) {
    throw new Error(
      "first-visit chunks: app/root.tsx is not in the client build's module graph (has React Router renamed the root route's module?). " +
        "Update scripts/chunks/first-visit-chunks.ts, or build with PORTAL_CHUNKS=rollup.",
    );
  }
  const shell = new Set<string>();
  const queue = [...(graph.getModuleInfo(root)?.importedIds ?? [])];
  while (queue.length) {
    const next = queue.pop()!;
    if (shell.has(next) || next.includes("/node_modules/")) continue;
    shell.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return shell;
}

/**
 * The step as a Vite plugin: sets the client build's `manualChunks`, and
 * checks the chunks it meant to make came out (React Router in `framework`, a
 * `shell`), so that a release that moves React Router's code fails the build
 * instead of quietly doubling the scripts of a first visit.
 */
export function firstVisitChunks(mode: ChunkingMode = chunkingMode()): Plugin {
  return {
    name: "portal:first-visit-chunks",
    apply: "build",
    config(_config, env) {
      if (mode === "rollup" || env.isSsrBuild) return;
      return { build: { rollupOptions: { output: { manualChunks: firstVisitManualChunks() } } } };
    },
    generateBundle(_options, bundle) {
      if (mode === "rollup" || this.environment.config.consumer !== "client") return;
      const chunks = Object.values(bundle).filter((each) => each.type === "chunk");
      const frameworkChunk = chunks.find((chunk) => chunk.name === "framework");
      if (
        !frameworkChunk ||
        !Object.keys(frameworkChunk.modules).some((id) => /\/node_modules\/react-router\//.test(id))
      ) {
        this.error(
          "first-visit chunks: React Router's code is not in the framework chunk (has it moved out of node_modules/react-router/?)",
        );
      }
      if (!chunks.some((chunk) => chunk.name === "shell"))
        this.error("first-visit chunks: no shell chunk came out of the build");
      const inLists = Object.keys(chunks.find((chunk) => chunk.name === "lists")?.modules ?? {});
      const missing = listFiles.filter((file) => !inLists.some(isFile([file])));
      if (missing.length)
        this.error(
          `first-visit chunks: ${missing.join(", ")} not in the lists chunk (moved or renamed? update scripts/chunks/first-visit-chunks.ts)`,
        );
    },
  };
}
