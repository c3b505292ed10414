export type RelayMode = "up" | "down" | "timeout";

export interface TcpRelay {
  url: string;
  port: number;
  readonly mode: RelayMode;
  set(mode: RelayMode): void;
  close(): Promise<void>;
}

export function startTcpRelay(
  target: { host: string; port: number },
  options?: { port?: number; host?: string },
): Promise<TcpRelay>;
