/**
 * The server the contract suite talks to: CONTRACT_API_URL (an origin, e.g.
 * the company's staging backend) or, when unset, the stand-in started on a
 * fresh temporary database and a random port.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

import { startBackend } from "../src/server.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The origin of the API under test (paths /api/v1/... are appended). */
    apiUrl: string;
    /** Whether that API is this repository's stand-in. */
    standIn: boolean;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.CONTRACT_API_URL?.trim();
  if (external) {
    project.provide("apiUrl", external.replace(/\/+$/, "").replace(/\/api\/v1$/, ""));
    project.provide("standIn", false);
    return async () => {};
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "contract-backend-"));
  const backend = await startBackend({ port: 0, dataDir, quiet: true });
  project.provide("apiUrl", backend.url);
  project.provide("standIn", true);
  return async () => {
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
