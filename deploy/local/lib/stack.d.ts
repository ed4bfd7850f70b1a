export interface StackProcess {
  name: string;
  /** The running copy; a supervised process gets a new one when it is restarted. */
  child: import('node:child_process').ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** How many times the supervisor has restarted it. */
  restarts: number;
  tail(): string;
  stop(timeoutMs?: number): Promise<void>;
}
export interface Stack {
  url: string;
  ports: Record<string, number>;
  processes: StackProcess[];
  stop(): Promise<void>;
}
export const SERVICES: { name: string; port: number; urlVar: string }[];
export function startStack(options: {
  env: NodeJS.ProcessEnv;
  freePorts?: boolean;
  gatewayPort?: number;
  databasePrefix?: string;
  quiet?: boolean;
  watch?: boolean;
  log?: (line: string) => void;
}): Promise<Stack>;
