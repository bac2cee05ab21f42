export function startBrokenBackend(): Promise<{
  url: string;
  pending(): number;
  setMode(mode: string): Promise<void>;
  stop(): Promise<void>;
}>;
