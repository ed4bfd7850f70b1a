import { CONSENT_MESSAGES, currentPolicyVersions, ERROR_CODES, type ConsentRequiredExtra, type ErrorCode } from '@portal/contracts';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** A failure the client can act on; the error middleware turns it into the shared error body. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: ErrorDetail[],
    public readonly headers?: Record<string, string>,
    /** More of the answer a client acts on (e.g. the active devices beside device_limit). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, ERROR_CODES.badRequest, message, details);
/**
 * RFC 9110 §15.5.2: a 401 names how to authenticate. The portal's calls take bearer tokens
 * (RFC 6750 §3); a call that sent none is told only that.
 */
export const BEARER_CHALLENGE = 'Bearer realm="tax-portal"';
export const unauthorized = (message = 'Authentication required', challenge = BEARER_CHALLENGE) =>
  new AppError(401, ERROR_CODES.unauthorized, message, undefined, { 'WWW-Authenticate': challenge });
/** A bearer token was sent and refused (RFC 6750 §3.1's invalid_token); the message is plain ASCII. */
export const invalidToken = (message: string) =>
  unauthorized(message, `${BEARER_CHALLENGE}, error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, ERROR_CODES.forbidden, message);
/** A user call before the person accepted the policies in force: the body names what to accept. */
export const consentRequired = (ageRequired: boolean) =>
  new AppError(403, ERROR_CODES.consentRequired, CONSENT_MESSAGES.due, undefined, undefined, {
    versions: currentPolicyVersions(),
    ageRequired,
  } satisfies ConsentRequiredExtra);
export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
/** A link that existed and can no longer be used (expired, withdrawn). */
export const gone = (message: string) => new AppError(410, ERROR_CODES.gone, message);
export const payloadTooLarge = (message: string) => new AppError(413, ERROR_CODES.payloadTooLarge, message);
export const tooManyRequests = (
  retryAfterSeconds: number,
  message = 'Too many requests, please try again later',
  /** More of the answer the client acts on (a licence's moves and when the next is free). */
  extra?: Record<string, unknown>,
) => new AppError(429, ERROR_CODES.tooManyRequests, message, undefined, { 'Retry-After': String(retryAfterSeconds) }, extra);
export const serviceUnavailable = (message = 'Service temporarily unavailable') =>
  new AppError(503, ERROR_CODES.serviceUnavailable, message);

/**
 * MongoDB's duplicate-key error, so data access can turn it into a 409. FerretDB answers an insert
 * with the same code, but an update that breaks a unique index with its store's own failure (code 1,
 * SQLite's "UNIQUE constraint failed"), which is the same refusal.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 11000 || (code === 1 && typeof message === 'string' && message.includes('UNIQUE constraint failed'));
}
