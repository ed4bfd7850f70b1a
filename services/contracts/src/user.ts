import { z } from 'zod';
import { AGE_RANGE, GENDERS, newPasswordProblem, PINCODE_LENGTH } from './user-constants';
import { MESSAGES } from './validation-messages';
import { withoutDirectionControls } from './plain-text';
import { acceptedPoliciesSchema, type ConsentRecord } from './consent';
import type { AdminRole } from './admin-roles';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE_PATTERN = /^\+?\d{10,15}$/;
const PINCODE_PATTERN = /^\d{6}$/;

/** A required string whose message is the same whether it is missing, empty or of the wrong type. */
const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).overwrite(withoutDirectionControls).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Optional text; an empty field means absent, so it is not stored as ''. */
const optionalText = (max = 200) =>
  z
    .string({ error: 'Must be text' })
    .overwrite(withoutDirectionControls)
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

export const newPasswordSchema = z.string({ error: MESSAGES.passwordRequired }).superRefine((password, context) => {
  const problem = newPasswordProblem(password);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** Age arrives as a number (or a numeric string from a form) and is stored as an integer. */
export const ageSchema = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], { error: MESSAGES.ageInvalid })
  .pipe(z.number().int(MESSAGES.ageInvalid).min(AGE_RANGE.min, MESSAGES.ageInvalid).max(AGE_RANGE.max, MESSAGES.ageInvalid));

export const genderSchema = z.enum(GENDERS, { error: MESSAGES.genderRequired });

/** Spaces and hyphens people type ('+91 98765-43210') are removed before the rule applies. */
export const mobileNumberSchema = z
  .string({ error: MESSAGES.mobileInvalid })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(MOBILE_PATTERN, MESSAGES.mobileInvalid));

const optionalMobile = z
  .union([z.literal(''), mobileNumberSchema], { error: MESSAGES.mobileInvalid })
  .optional()
  .transform((value) => value || undefined);

export const pincodeSchema = z
  .string({ error: MESSAGES.pincodeRequired })
  .trim()
  .min(1, MESSAGES.pincodeRequired)
  .regex(PINCODE_PATTERN, MESSAGES.pincodeInvalid);

/** Signup step 3, and the address of a profile; the country is always India. */
export const addressSchema = z.object({
  street: requiredText(MESSAGES.streetRequired),
  city: requiredText(MESSAGES.cityRequired, 100),
  state: requiredText(MESSAGES.stateRequired, 100),
  pincode: pincodeSchema,
});
export type Address = z.infer<typeof addressSchema> & { country: string };

/** Signup steps 2 and 3, sent with the registration. */
export const signupPersonalInfoSchema = z.object({
  age: ageSchema,
  gender: genderSchema,
  mobileNumber: optionalMobile,
  occupation: optionalText(100),
  organization: optionalText(100),
  address: addressSchema,
});

/**
 * POST /api/auth/consent: the signed-in person accepts the versions in force, and gives their age
 * when the account has none (an account made with Google).
 */
export const consentBodySchema = z.strictObject({ accepted: acceptedPoliciesSchema, age: ageSchema.optional() });
export type ConsentBody = z.infer<typeof consentBodySchema>;

export const registerBodySchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired, 100),
  lastName: optionalText(100),
  email: emailSchema,
  password: newPasswordSchema,
  personalInfo: signupPersonalInfoSchema.optional(),
  /** The versions of the Terms and the Privacy Notice the sign-up form showed and the person accepted. */
  acceptedPolicies: acceptedPoliciesSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: z.string({ error: MESSAGES.emailRequired }).trim().toLowerCase().min(1, MESSAGES.emailRequired).max(254),
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Only the ID token is read; the other fields the browser decodes from it are never trusted. */
export const googleLoginBodySchema = z.object({
  token: z.string({ error: 'Google credential is required' }).min(1, 'Google credential is required').max(8192),
  /** Sent from the sign-up page, where the person ticked the box; a new account without it is asked before going on. */
  acceptedPolicies: acceptedPoliciesSchema.optional(),
});

/**
 * The profile form: any address field given means the whole address is required (the address
 * tab marks all four), an empty address leaves the profile incomplete.
 */
const profileAddressSchema = z
  .object({
    street: z.string().trim().max(200).optional(),
    city: z.string().trim().max(100).optional(),
    state: z.string().trim().max(100).optional(),
    pincode: z.string().trim().max(PINCODE_LENGTH, MESSAGES.pincodeInvalid).optional(),
    country: z.string().optional(),
  })
  .optional()
  .transform((address, ctx) => {
    const { street = '', city = '', state = '', pincode = '' } = address ?? {};
    if (!street && !city && !state && !pincode) return undefined;
    const parsed = addressSchema.safeParse({ street, city, state, pincode });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  });

export const profileUpdateBodySchema = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired, 100),
  lastName: optionalText(100),
  email: z.string().optional(),
  personalInfo: z
    .object({
      age: z
        .union([z.literal(''), z.null(), ageSchema], { error: MESSAGES.ageInvalid })
        .optional()
        .transform((value) => (value === '' || value === null ? undefined : value)),
      gender: z
        .union([z.literal(''), genderSchema], { error: MESSAGES.genderRequired })
        .optional()
        .transform((value) => value || undefined),
      mobileNumber: optionalMobile,
      occupation: optionalText(100),
      organization: optionalText(100),
      address: profileAddressSchema,
    })
    .optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** The password reset's answers (behaviour.md §3): the link works once, within the hour. */
export const RESET_MESSAGES = {
  requested: 'If an account exists for that email, we have sent a link to reset the password. The link works once, within 1 hour.',
  done: 'Your password has been reset. Please sign in with your new password.',
  used: 'This reset link has already been used. Please request a new one.',
  expired: 'This reset link has expired. Please request a new one.',
  unknown: 'This reset link is not valid. Please request a new one.',
  changedMeanwhile: 'Your password was changed by another request at the same moment. Please sign in, or request a new link.',
} as const;

export const resetLinkBodySchema = z.object({
  token: z.string({ error: RESET_MESSAGES.unknown }).min(16, RESET_MESSAGES.unknown).max(256, RESET_MESSAGES.unknown),
});
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = resetLinkBodySchema.extend({ newPassword: newPasswordSchema });

export const adminLoginBodySchema = loginBodySchema;
export const adminSignupBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  role: z.literal('admin').optional(),
});

export interface PersonalInfo {
  age?: number;
  gender?: (typeof GENDERS)[number];
  mobileNumber?: string;
  occupation?: string;
  organization?: string;
  profileComplete: boolean;
  address?: Address;
}

/** A user as the profile screen and the other services see it; never a password or its hash. */
export interface PublicUser {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  picture: string | null;
  isGoogleUser: boolean;
  createdAt: string;
  personalInfo: PersonalInfo;
  profileCompletionPercentage: number;
  /** The policies the person accepted, and when; null for an account from before consent was asked. */
  consent: ConsentRecord | null;
}

export interface AuthResponse {
  token: string;
  user: PublicUser;
}

export interface AdminUser {
  email: string;
  role: AdminRole;
}
