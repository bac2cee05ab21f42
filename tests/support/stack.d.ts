// Types for stack.js (plain JavaScript, also run by node directly).
type Env = Record<string, string>;
type LogHandler = (line: string, stream: "stdout" | "stderr") => void;

export function freePort(): Promise<number>;
export function startBackend(options?: { env?: Env; port?: number }): Promise<{
  url: string;
  dataDir: string;
  pid?: number;
  stop(): Promise<void>;
}>;
export function startPortal(options: {
  apiUrl: string;
  env?: Env;
  port?: number;
  onLog?: LogHandler;
}): Promise<{
  url: string;
  pid?: number;
  /** Settles when the portal's process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}>;
export function startStack(options?: {
  backendEnv?: Env;
  portalEnv?: Env;
  backendPort?: number;
  portalPort?: number;
  onPortalLog?: LogHandler;
}): Promise<{
  portalUrl: string;
  backendUrl: string;
  portalPid?: number;
  backendPid?: number;
  stop(): Promise<void>;
}>;
export function startRedis(options?: {
  port?: number;
}): Promise<{ url: string; port: number; pid?: number; stop(): Promise<void> }>;
export function startReplicas(options?: {
  count?: number;
  redis?: boolean;
  backendEnv?: Env;
  portalEnv?: Env;
}): Promise<{
  backendUrl: string;
  portalUrls: string[];
  redisUrl: string | null;
  stopRedis(): Promise<void>;
  restartRedis(): Promise<void>;
  stop(): Promise<void>;
}>;
