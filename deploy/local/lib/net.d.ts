export function freePort(): Promise<number>;
export function portAnswers(port: number, host?: string, timeoutMs?: number): Promise<boolean>;
/** Resolves with the check's first truthy answer. */
export function waitFor<T>(check: () => Promise<T>, options?: { timeoutMs?: number; intervalMs?: number; what?: string }): Promise<T>;
export function httpStatus(url: string, timeoutMs?: number): Promise<number>;
