export function freePort(): Promise<number>;
export function portAnswers(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
export function waitFor(check: () => Promise<boolean>, options?: { timeoutMs?: number; intervalMs?: number; what?: string }): Promise<void>;
export function httpStatus(url: string, timeoutMs?: number): Promise<number>;
