import { z } from 'zod';
import type { AuthResponse } from './user';

/**
 * A second factor, for admins (required) and practitioners (optional, or required by their firm),
 * as RFC 8176's `amr` names it in the token: a code from an authenticator (`otp`), a recovery code
 * (`rec`) or a passkey (`hwk`), each after the password (`pwd`) or Google.
 */
export const SECOND_FACTORS = ['otp', 'rec', 'hwk'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** Whether a token's `amr` shows a second factor. */
export const hasSecondFactor = (amr: readonly string[] | undefined): boolean =>
  Boolean(amr?.some((method) => (SECOND_FACTORS as readonly string[]).includes(method)));

export const SECOND_FACTOR_MESSAGES = {
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  wrongCode: 'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  notEnrolling: 'Start the authenticator set-up again.',
  alreadyEnrolled: 'An authenticator is already set up.',
  tooManyCodes: 'Too many wrong codes. Please wait 15 minutes and try again.',
  recoveryCodesLeft: (left: number) => `A recovery code was used. ${left} of 10 remain.`,
  passkeyAdded: 'Passkey added. You can sign in with it instead of a code.',
  passkeyRemoved: 'Passkey removed.',
  passkeyRefused: 'The passkey could not be checked. Try again, or use a code from your authenticator app.',
  passkeyStale: 'The passkey request expired. Please try again.',
  passkeyNotFound: 'Passkey not found.',
  // a practitioner's own
  turnedOn: 'Two-step sign-in is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'Two-step sign-in is off.',
  requiredByFirm: 'Your firm requires a second factor, so it cannot be turned off.',
  firmRequiresEnrolment: 'Your firm requires a second factor. Set up an authenticator app to go on.',
  passkeyAfterTotp: 'Turn on two-step sign-in with an authenticator app first: a passkey then stands in for its code.',
  resetByAdmin: 'Two-step sign-in was reset. The person signs in with their password (or Google) and can set it up again.',
  approveWithSecondFactor: 'Sign in again with your second factor to approve a device.',
} as const;

/** The password's (or Google's) answer when a second factor is due: no session token until it is verified. */
export interface SecondFactorStep {
  /** `enrol`: no authenticator yet and one is required, set it up now; `totp`: enter a code from it; `passkey`: use the passkey. */
  secondFactor: 'enrol' | 'totp' | 'passkey';
  /** Short-lived, accepted only by the second-factor calls. */
  challenge: string;
  /** A passkey may stand in for the code. */
  passkey: boolean;
  /** Why the set-up is asked for, when it is (a firm's rule). */
  message?: string;
}

/** A practitioner's sign-in answer: the session, or the second factor it waits for. */
export type SignInAnswer = AuthResponse | SecondFactorStep;

/** The session after the second factor; after a set-up, the recovery codes to show once, or what a recovery code left. */
export type SecondFactorSession = AuthResponse & { recoveryCodes?: string[]; message?: string };

/** One of the signed-in person's passkeys, as their security settings list it. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface TotpEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an SVG data URL. */
  qrCode: string;
}

const challengeSchema = z.string().min(20).max(4096);
export const totpCodeSchema = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
// ten groups of five letters and digits with a dash, as shown; spaces and case forgiven
const recoveryCodeSchema = z
  .string()
  .max(32)
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{5}-[a-z0-9]{5}$/, 'A recovery code looks like abcde-12345'));
const proofError = { error: 'Enter the 6-digit code from your authenticator app, or a recovery code' };

export const challengeBodySchema = z.strictObject({ challenge: challengeSchema });
export const enrolmentConfirmBodySchema = z.strictObject({ challenge: challengeSchema, code: totpCodeSchema });
export const secondFactorProofBodySchema = z.union(
  [
    z.strictObject({ challenge: challengeSchema, code: totpCodeSchema }),
    z.strictObject({ challenge: challengeSchema, recoveryCode: recoveryCodeSchema }),
  ],
  proofError,
);
/** A signed-in person proving they still hold the factor (turning it off). */
export const currentProofBodySchema = z.union(
  [z.strictObject({ code: totpCodeSchema }), z.strictObject({ recoveryCode: recoveryCodeSchema })],
  proofError,
);
export const totpCodeBodySchema = z.strictObject({ code: totpCodeSchema });
export const firmSecondFactorBodySchema = z.strictObject({
  required: z.boolean({ error: 'Say whether a second factor is required (true or false)' }),
});
/** Binary WebAuthn data as @simplewebauthn/browser sends it: base64url, within a size a real authenticator gives. */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
/**
 * What every WebAuthn credential in JSON holds (the W3C's RegistrationResponseJSON and
 * AuthenticationResponseJSON, which @simplewebauthn/server verifies): the shape is checked here,
 * its content and signatures by the library.
 */
const credentialFields = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1366}$/),
  rawId: base64url,
  type: z.literal('public-key'),
  // the portal asks for no extension; of what a browser reports, these are the ones with a meaning
  clientExtensionResults: z
    .object({
      appid: z.boolean().optional(),
      credProps: z.object({ rk: z.boolean().optional() }).optional(),
      hmacCreateSecret: z.boolean().optional(),
    })
    .default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
/** A new passkey, from navigator.credentials.create(). */
export const passkeyRegistrationSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
/** A passkey's proof, from navigator.credentials.get(). */
export const passkeyAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type PasskeyRegistration = z.infer<typeof passkeyRegistrationSchema>;
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;
export const passkeySignInBodySchema = z.strictObject({ challenge: challengeSchema, response: passkeyAssertionSchema });
export const passkeyAddBodySchema = z.strictObject({
  response: passkeyRegistrationSchema,
  name: z.string().trim().min(1, 'Name the passkey').max(60, 'At most 60 characters').default('Passkey'),
});
export const passkeyParamsSchema = z.strictObject({ credentialId: z.string().regex(/^[A-Za-z0-9_-]{1,1366}$/, 'Malformed passkey id') });

/** A practitioner's second factor, as the Security and Privacy tab shows it. */
export interface SecondFactorSettings {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
  /** A firm the person belongs to requires a second factor, so it cannot be turned off. */
  requiredByFirm: boolean;
}
