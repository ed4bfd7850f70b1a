/**
 * How long to wait after each failed try, in seconds: quick at first (a mail server restarting is
 * back within a minute or two), then doubling to hours, about 24 hours in all before a message is
 * `failed`. Each wait is stretched by up to a fifth at random, never shortened, so that messages
 * that failed together do not all come back at the same instant and the total stays above a day.
 */
export const RETRY_DELAYS_S = [5, 15, 30, 60, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14_400, 28_800, 28_800] as const;

/** Every try: the first and one after each wait. */
export const DELIVERY_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/** The wait after the `failedTries`-th failed try, in milliseconds. */
export function retryDelayMs(failedTries: number, scale = 1, random: () => number = Math.random): number {
  const index = Math.min(Math.max(failedTries, 1), RETRY_DELAYS_S.length) - 1;
  return Math.round(RETRY_DELAYS_S[index]! * 1000 * scale * (1 + 0.2 * random()));
}
