export function startBrokenBackend(): Promise<{ url: string; setMode(mode: string): Promise<void>; stop(): Promise<void> }>;
