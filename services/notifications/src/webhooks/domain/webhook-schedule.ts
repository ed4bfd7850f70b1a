/**
 * Svix's schedule, which the Standard Webhooks specification's authors run: a try at once, then
 * after 5 seconds, 5 minutes, 30 minutes, 2 hours, 5 hours, 10 hours and 10 hours, about 27½ hours
 * in all. Each wait is stretched by up to a fifth at random (never shortened), so that endpoints
 * that failed together are not all tried again at one instant.
 */
export const WEBHOOK_RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_DELAYS_S.length + 1;
/** An endpoint gets this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint whose every delivery has failed this long is disabled, and its owner told. */
export const FAILING_DISABLES_AFTER_MS = 5 * 24 * 3600_000;
/** A rotated secret goes on signing beside the new one this long. */
export const PREVIOUS_SECRET_LASTS_MS = 24 * 3600_000;
/** The longest `Retry-After` honoured; beyond it the schedule's own wait applies. */
const RETRY_AFTER_MAX_MS = 36_000_000;

/** The wait after the `failedTries`-th failed try; an endpoint's `Retry-After` when it asks for longer. */
export function webhookRetryDelayMs(failedTries: number, { scale = 1, retryAfterMs = 0, random = Math.random } = {}): number {
  const index = Math.min(Math.max(failedTries, 1), WEBHOOK_RETRY_DELAYS_S.length) - 1;
  const scheduled = Math.round(WEBHOOK_RETRY_DELAYS_S[index]! * 1000 * scale * (1 + 0.2 * random()));
  return Math.max(scheduled, Math.min(retryAfterMs, RETRY_AFTER_MAX_MS));
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `now`; 0 when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number {
  if (!header) return 0;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now.getTime());
}
