import type { AxiosError } from 'axios';

export const REQUEST_TIMEOUT_MS = 10_000;

/** The server's refusal until the person accepts the policies in force. */
export const CONSENT_REQUIRED_EVENT = 'portal:consent-required';

/** The refusal's body when a call was refused for consent: whether the age is asked too. */
export function consentRefusal(error: unknown): { ageRequired: boolean } | undefined {
  if (!isHttpError(error) || error.response?.status !== 403) return undefined;
  const body = error.response.data as { error?: unknown; ageRequired?: unknown } | undefined;
  return body?.error === 'consent_required' ? { ageRequired: body.ageRequired === true } : undefined;
}

/** An error axios raised for a call (what its own isAxiosError checks), without loading axios to ask. */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as Partial<AxiosError>).isAxiosError === true;
}
