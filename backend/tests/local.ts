/** Extra stand-ins started by a test file itself (own temp data folder, random port). */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { startBackend, type StartBackendOptions } from "../src/server.js";

export interface LocalBackend {
  url: string;
  dataDir: string;
  close(): Promise<void>;
  /** Closes and removes the data folder. */
  destroy(): Promise<void>;
  request<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; json?: unknown },
  ): Promise<{ status: number; body: T }>;
}

export async function startLocal(
  options: StartBackendOptions = {},
  dataDir?: string,
): Promise<LocalBackend> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), "contract-local-"));
  const backend = await startBackend({ port: 0, quiet: true, ...options, dataDir: dir });
  return {
    url: backend.url,
    dataDir: dir,
    close: () => backend.close(),
    async destroy() {
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    },
    async request<T>(
      method: string,
      requestPath: string,
      { token, json }: { token?: string; json?: unknown } = {},
    ) {
      const headers: Record<string, string> = {};
      if (token) headers.Authorization = `Bearer ${token}`;
      if (json !== undefined) headers["Content-Type"] = "application/json";
      const url = requestPath.startsWith("/")
        ? `${backend.url}${requestPath}`
        : `${backend.url}/api/v1/${requestPath}`;
      const response = await fetch(url, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
  };
}
