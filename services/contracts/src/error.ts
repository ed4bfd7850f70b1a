import { z } from 'zod';

/** The one error body every service and the gateway answer with. */
export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  requestId: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable machine codes for `ErrorBody.error`; `message` carries the human text. */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  gone: 'gone',
  payloadTooLarge: 'payload_too_large',
  tooManyRequests: 'too_many_requests',
  internal: 'internal_error',
  badGateway: 'bad_gateway',
  serviceUnavailable: 'service_unavailable',
  gatewayTimeout: 'gateway_timeout',
  // the desktop app's licence (licensing.ts): what it acts on
  noEntitlement: 'no_entitlement',
  deviceLimit: 'device_limit',
  deviceNotActivated: 'device_not_activated',
  /** Every floating seat of the firm is held (the answer names who holds them). */
  seatsTaken: 'seats_taken',
  /** The PC's seat was freed (its heartbeat stopped for too long, or the firm freed it): check one out again. */
  leaseLost: 'lease_lost',
  /** The plan's seats are named people's, not shared between PCs. */
  seatsNotFloating: 'seats_not_floating',
  /** The app is older than its channel's minimum version. */
  updateRequired: 'update_required',
  /** The person must accept the policies in force first. */
  consentRequired: 'consent_required',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
