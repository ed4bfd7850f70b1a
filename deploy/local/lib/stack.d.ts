export interface StackProcess {
  name: string;
  exited: Promise<{ code: number | null; signal: string | null }>;
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
}): Promise<Stack>;
