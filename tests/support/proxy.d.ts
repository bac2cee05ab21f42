// Types for proxy.js (plain JavaScript, like stack.js).
export const nginxConfPath: string;
export const templateFilter: string;
export function renderTemplate(
  text: string,
  env: Record<string, string | undefined>,
  filter?: string,
): string;
export function startNginx(options: {
  upstreams: string[];
  serverName: string;
  port?: number;
  /** Every line nginx logs: its access log as "stdout", its error log as "stderr". */
  onLog?: (line: string, stream: "stdout" | "stderr") => void;
}): Promise<{ url: string; port: number; config: string; stop(): Promise<void> }>;
