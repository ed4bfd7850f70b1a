import { z } from 'zod';
import { formatPaise, type Paise } from './money';
import type { MessageKind } from './notifications';

/**
 * The channels beside e-mail that reach a person's phone. Each is chosen on its own, only for a
 * number verified by a code, and recorded like a policy's consent: the text shown, its version, when.
 */
export const PHONE_CHANNELS = ['whatsapp', 'sms'] as const;
export type PhoneChannel = (typeof PHONE_CHANNELS)[number];
export const PHONE_CHANNEL_LABELS: Record<PhoneChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

/** The opt-in each channel shows; WhatsApp's names the business, as Meta's opt-in rules ask. */
export const PHONE_CONSENT_TEXTS: Record<PhoneChannel, { version: string; text: string }> = {
  whatsapp: {
    version: '2026-11-29',
    text: 'Send me receipts, payment and renewal notices, and security alerts from Tax Practitioner Portal on WhatsApp at this number. I can stop them from my profile or by replying STOP.',
  },
  sms: {
    version: '2026-11-29',
    text: 'Send me receipts, payment and renewal notices, and security alerts from Tax Practitioner Portal by SMS to this number. I can stop them from my profile or by the link in any SMS.',
  },
};

/** Where a channel's consent was given or withdrawn. */
export const PHONE_CONSENT_SOURCES = ['profile', 'whatsapp-reply', 'sms-link'] as const;
export type PhoneConsentSource = (typeof PHONE_CONSENT_SOURCES)[number];

/** The code that proves a number is the person's: its length, life and tries. */
export const PHONE_CODE_RULES = { digits: 6, validMinutes: 5, wrongTries: 3, perNumberPerHour: 5, perPersonPerHour: 10 } as const;

export const PHONE_MESSAGES = {
  mobileInvalid: 'Enter a 10-digit Indian mobile number',
  codeSent: 'We sent a 6-digit code by SMS. It expires in 5 minutes.',
  codeInvalid: 'Enter the 6-digit code from the SMS',
  codeWrong: 'That code is not right. Check the SMS and try again.',
  codeExpired: 'This code has expired or was tried too often. Ask for a new one.',
  tooManyCodes: 'Too many codes were sent to this number. Try again in an hour.',
  numberVerified: 'Your mobile number is verified.',
  verifyFirst: 'Verify your mobile number before choosing WhatsApp or SMS.',
  channelsSaved: 'Your choices are saved.',
  numberInUse: 'This mobile number is verified on another account.',
  channelNotOffered: 'This portal does not send messages that way yet.',
  numberNotVerified: 'This mobile number is not verified on any account. Sign in with your e-mail, then verify the number on your profile.',
  signInCodeSent: 'We sent a 6-digit code by SMS to sign you in. It expires in 5 minutes.',
  invalidSmsLink: 'This link is not valid. You can choose how we reach you on your profile.',
} as const;

/**
 * An Indian mobile number as people type it ("98765 43210", "+91 98765-43210", "098765 43210"),
 * kept as +91 and its ten digits; mobile numbers begin with 6 to 9.
 */
export const indianMobileSchema = z
  .string({ error: PHONE_MESSAGES.mobileInvalid })
  .max(20, PHONE_MESSAGES.mobileInvalid)
  .transform((value) => value.replace(/[\s-]/g, '').replace(/^(\+91|0091|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, PHONE_MESSAGES.mobileInvalid))
  .transform((digits) => `+91${digits}`);

export const phoneNumberBodySchema = z.strictObject({ mobile: indianMobileSchema });
export const phoneCodeBodySchema = z.strictObject({
  code: z.string({ error: PHONE_MESSAGES.codeInvalid }).regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
});
/** POST /api/auth/login/mobile/code: a sign-in code to a verified number. */
export const mobileSignInCodeBodySchema = phoneNumberBodySchema;
/** POST /api/auth/login/mobile: the number and the code sent to it. */
export const mobileSignInBodySchema = z.strictObject({ mobile: indianMobileSchema, code: phoneCodeBodySchema.shape.code });
export type MobileSignInBody = z.infer<typeof mobileSignInBodySchema>;

/** The profile's choice: each channel on or off (the text in force is the one recorded). */
export const phoneChannelsBodySchema = z
  .strictObject({ whatsapp: z.boolean().optional(), sms: z.boolean().optional() })
  .refine((body) => body.whatsapp !== undefined || body.sms !== undefined, { message: 'Choose WhatsApp or SMS' });

/** GET /api/notifications/phone: the person's number, whether it is verified, and each channel's consent. */
export interface PhoneChannelsAnswer {
  mobile: string | null;
  verified: boolean;
  channels: Record<PhoneChannel, { on: boolean; since: string | null }>;
  /** The channels this portal sends by (those with a provider configured). */
  offered: PhoneChannel[];
  message?: string;
}

/**
 * The messages that also go by WhatsApp and SMS, and the values their templates carry, which the
 * producer hands over beside the e-mail (`brief`); notifications adds the link each one ends with.
 */
export const PHONE_TEMPLATE_VALUES = {
  'payment-receipt': ['amount', 'plan'],
  'pre-debit-notice': ['amount', 'date'],
  'renewal-failed': ['date'],
  'expiry-reminder': ['date'],
  'sign-in-alert': ['device'],
} as const satisfies Partial<Record<MessageKind, readonly string[]>>;
export type PhoneMessageKind = keyof typeof PHONE_TEMPLATE_VALUES;
export const isPhoneMessageKind = (kind: string): kind is PhoneMessageKind => kind in PHONE_TEMPLATE_VALUES;

/** An amount as a template carries it, after its own "₹" or "Rs": 1,180 or 1,180.50. */
export const templateAmount = (paise: Paise): string => formatPaise(paise).replace('₹', '');
