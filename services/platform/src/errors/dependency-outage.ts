import { isAxiosError } from 'axios';
import { ERROR_CODES } from '@portal/contracts';
import { AppError } from './app-errors';

export const DEPENDENCY_OUTAGE_MESSAGE = 'Part of the portal is briefly unavailable. Please try again in a moment.';

// The driver's errors for a database it cannot reach (server selection, a dropped socket, a closed
// pool), by name so that mongoose's and the driver's own classes both match.
const MONGO_OUTAGES = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoPoolClosedError',
]);

// ioredis's errors while Redis is away: no offline queue, a closed connection, retries used up.
const REDIS_OUTAGES = [/enableOfflineQueue options is false/, /^Connection is closed\.?$/, /Reached the max retries per request limit/];

// Another of our services, called over HTTP (axios), that is down, restarting or failing itself.
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE']);
function isServiceOutage(error: Error): boolean {
  if (!isAxiosError(error)) return false;
  return error.response ? error.response.status >= 500 : UNREACHABLE.has(error.code ?? '');
}

/**
 * A 503 for a failure of the database, Redis or another of our services rather than of the
 * request: the client may try again and nothing was changed, which a 500 would not tell it.
 * Anything else is not an outage.
 */
export function dependencyOutage(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const outage =
    MONGO_OUTAGES.has(error.name) ||
    error.name === 'MaxRetriesPerRequestError' ||
    REDIS_OUTAGES.some((pattern) => pattern.test(error.message)) ||
    isServiceOutage(error);
  if (!outage) return undefined;
  return new AppError(503, ERROR_CODES.serviceUnavailable, DEPENDENCY_OUTAGE_MESSAGE, undefined, { 'Retry-After': '5' });
}
