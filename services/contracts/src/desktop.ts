import { z } from 'zod';
import { objectIdSchema } from './ids';

/**
 * The desktop app's sign-in: the OAuth 2.0 Device Authorization Grant (RFC 8628). The app asks
 * for a code, shows the user code and /activate, and polls; the user confirms in the portal.
 */
export const DESKTOP_CLIENT_ID = 'tax-practitioner-desktop';
export const DEVICE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';
export const REFRESH_GRANT_TYPE = 'refresh_token';

/** RFC 8628 §6.1: twenty consonants, no vowels (no words) and none that look alike. */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** `wdjb-mjht`, `WDJBMJHT` and `WDJB MJHT` are all `WDJB-MJHT`: case, spaces and dashes are the user's to vary. */
export function normaliseUserCode(typed: string): string {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  return letters.length === USER_CODE_LENGTH ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}
const USER_CODE_PATTERN = new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`);

export const DEVICE_MESSAGES = {
  codeInvalid: 'This code is not valid or has expired. Start the sign-in again from the desktop app.',
  approved: 'The desktop app is signed in. You can return to it.',
  denied: 'The desktop app was not signed in.',
  deviceNameLength: 'The device name must be at most 100 characters',
  tooManyGuesses: 'Too many codes that were not valid. Please wait and try again.',
} as const;

const clientId = z.literal(DESKTOP_CLIENT_ID, { error: 'Unknown client' });
const opaque = z.string({ error: 'Missing code' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'Malformed code');
/** Opaque to the app; the portal's name their session before the secret (`<session>.<secret>`). */
const refreshToken = z.string({ error: 'Missing refresh token' }).regex(/^[A-Za-z0-9_.-]{20,200}$/, 'Malformed refresh token');

/**
 * The desktop app's tokens carry no scope: its access is the desktop audience's. A sign-in may ask
 * for scopes (OAuth libraries send `openid` by default), which are ignored as RFC 6749 §3.3 allows;
 * a refresh may not ask for any scope it was not granted (§6), so any scope there is invalid_scope.
 */
const noScope = z.literal('', { error: 'invalid_scope' }).optional();
const ignoredScope = z.string().max(1000).optional();

export const deviceCodeRequestSchema = z.object({
  client_id: clientId,
  device_name: z.string().trim().min(1).max(100, DEVICE_MESSAGES.deviceNameLength).optional(),
  scope: ignoredScope,
});

/** The token endpoint's two grants; its errors follow RFC 6749 §5.2, not the portal's own shape. */
export const desktopTokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({ grant_type: z.literal(DEVICE_GRANT_TYPE), device_code: opaque, client_id: clientId }),
  z.object({ grant_type: z.literal(REFRESH_GRANT_TYPE), refresh_token: refreshToken, client_id: clientId, scope: noScope }),
]);
export type DesktopTokenRequest = z.infer<typeof desktopTokenRequestSchema>;

export const userCodeSchema = z
  .string({ error: DEVICE_MESSAGES.codeInvalid })
  .transform(normaliseUserCode)
  .refine((code) => USER_CODE_PATTERN.test(code), DEVICE_MESSAGES.codeInvalid);

export const deviceDecisionSchema = z.object({
  user_code: userCodeSchema,
  decision: z.enum(['approve', 'deny'], { error: 'The decision must be approve or deny' }),
  /** The firm whose seat the app works on; without it, the person's own plan, else their firm's. */
  firmId: objectIdSchema('Malformed firm id').optional(),
});

export interface DeviceCodeResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

export interface DesktopTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

/**
 * GET /api/auth/desktop/me. The app's calls go on while the person has policies to accept (the app
 * cannot show them, and a filing in progress must not stop); `consentRequired` then tells the app
 * to show its message with a link to the portal, where the gate asks (docs/desktop-api.md).
 */
export interface DesktopMe {
  user: { id: string; email: string };
  consentRequired?: { message: string; url: string };
}

export const DESKTOP_CONSENT_MESSAGE =
  'Our Terms of Service or Privacy Notice changed. Please sign in to the portal to review and accept them; the app keeps working meanwhile.';

/** RFC 8628 §3.5 and RFC 6749 §5.2: what a poll or a refresh can be told instead of tokens. */
export type DeviceTokenError =
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token'
  | 'invalid_grant'
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_scope'
  | 'unsupported_grant_type';

/**
 * RFC 6749 §5.2's `error_description`: a sentence for the person at the desktop app, one per error
 * (a malformed request names its parameter instead).
 */
export const DEVICE_TOKEN_ERROR_DESCRIPTIONS: Record<Exclude<DeviceTokenError, 'invalid_request'>, string> = {
  authorization_pending: 'The sign-in has not been confirmed in the portal yet.',
  slow_down: 'The app asked again too soon. Wait a little longer between checks.',
  access_denied: 'The sign-in was refused in the portal.',
  expired_token: 'The sign-in code has expired. Start the sign-in again from the desktop app.',
  invalid_grant: 'This code or sign-in is no longer valid. Start the sign-in again from the desktop app.',
  invalid_client: 'This app is not known to the portal.',
  invalid_scope: 'The portal grants the desktop app no scopes; leave scope out.',
  unsupported_grant_type: 'Only the device code and refresh token grants are supported.',
};

/** Why a request was malformed, for `invalid_request`. */
export const OAUTH_REQUEST_MESSAGES = {
  notForm: 'Send the request as application/x-www-form-urlencoded.',
  repeated: (name: string) => `The parameter ${name} was sent more than once.`,
  grantMissing: 'The parameter grant_type is missing.',
  malformed: (name: string) => `The parameter ${name} is missing or not valid.`,
  basicAuth: 'The desktop app is a public client: send client_id in the body, without client authentication.',
} as const;

/** What /activate shows before the user confirms: which device asks. */
export interface PendingDevice {
  userCode: string;
  deviceName: string;
  expiresAt: string;
}
