import type { AxiosError } from 'axios';

export const REQUEST_TIMEOUT_MS = 10_000;

/** An error axios raised for a call (what its own isAxiosError checks), without loading axios to ask. */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as Partial<AxiosError>).isAxiosError === true;
}
