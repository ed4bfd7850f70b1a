import { z } from 'zod';
import { DESKTOP_CLIENT_ID } from './desktop';
import { ERROR_CODES } from './error';
import { DEVICE_ID_MESSAGE, deviceIdSchema } from './device-id';
import { versionSchema } from './download';
import type { BillingPeriod, PlanName } from './plans';

/**
 * The desktop app's licence: a machine is activated against the plan's device limit, and gets an
 * Ed25519-signed licence (a compact JWS, `alg: EdDSA`) it can check offline with the published keys.
 */
export const LICENSE_ISSUER = 'portal-licensing';
export const LICENSE_AUDIENCE = DESKTOP_CLIENT_ID;
export const LICENSE_TYPE = 'tpp-licence+jwt';

/** How many machines each plan may run on at once (the trial and the admin-set plans included). */
export const DEVICE_LIMITS: Record<PlanName, number> = {
  none: 0,
  trial: 1,
  basic: 1,
  professional: 2,
  business: 5,
  pro: 2,
  enterprise: 10,
};

/**
 * What a licence does once the paid period and its grace have ended: `stop`, or
 * `keep_builds`, Tally's way: the app keeps working for builds released before the entitlement's
 * end, its updates stopped. A setting per plan: the firms' plans keep their builds, a person's
 * plans stop (docs/decisions/0056).
 */
export type LicenseAfterEnd = 'stop' | 'keep_builds';
export const LICENSE_AFTER_END: Record<PlanName, LicenseAfterEnd> = {
  none: 'stop',
  trial: 'stop',
  basic: 'stop',
  professional: 'stop',
  business: 'keep_builds',
  pro: 'stop',
  enterprise: 'keep_builds',
};

/** The plan's rule, except that a tax-year edition keeps the builds released while it ran, as desktop editions do. */
export const licenseAfterEnd = (plan: PlanName, billingPeriod: BillingPeriod | null): LicenseAfterEnd =>
  billingPeriod === 'tax-year' ? 'keep_builds' : LICENSE_AFTER_END[plan];

/**
 * How many times a seat may move its licence to another machine itself, over a rolling 365 days
 * (as Cryptlex limits deactivations): a deactivation from the Devices tab is a move;
 * one by an admin is not, and an admin may grant a seat one more.
 */
export const DEVICE_MOVES_PER_YEAR: Record<PlanName, number> = {
  none: 0,
  trial: 2,
  basic: 3,
  professional: 4,
  business: 8,
  pro: 4,
  enterprise: 15,
};

/** A seat's moves (the Devices tab's), over the rolling 365 days. */
export interface DeviceMoves {
  allowed: number;
  used: number;
  /** When a move is next free again, once all are used; null while one is left. */
  nextFreeAt: string | null;
}

/** Stable codes the desktop app acts on, in `error` of the error body. */
export const LICENSE_ERRORS = {
  noEntitlement: ERROR_CODES.noEntitlement,
  deviceLimit: ERROR_CODES.deviceLimit,
  deviceNotActivated: ERROR_CODES.deviceNotActivated,
  updateRequired: ERROR_CODES.updateRequired,
} as const;

export const LICENSE_MESSAGES = {
  deviceId: DEVICE_ID_MESSAGE,
  deviceName: 'Give the device a name of at most 100 characters',
  os: 'Give the operating system in at most 100 characters',
  noEntitlement: 'Your trial or plan has ended. Choose a plan on the portal to keep using the app.',
  deviceLimit: (limit: number) =>
    `Your plan allows ${limit} ${limit === 1 ? 'device' : 'devices'} at a time. Deactivate one to use this device.`,
  deviceNotActivated: 'This device is not activated for your account. Activate it again.',
  deviceNotFound: 'No active device with this id',
  deactivated: 'Device deactivated',
  movesUsed: (allowed: number, nextFree: string) =>
    `You have moved this licence to another computer ${allowed} ${allowed === 1 ? 'time' : 'times'} in the last 365 days, as many as your plan allows. Your next move is free on ${nextFree}; support can allow one sooner.`,
  moveGranted: 'One more move is allowed for this seat.',
} as const;

export const activationRequestSchema = z.object({
  deviceId: deviceIdSchema,
  deviceName: z
    .string({ error: LICENSE_MESSAGES.deviceName })
    .trim()
    .min(1, LICENSE_MESSAGES.deviceName)
    .max(100, LICENSE_MESSAGES.deviceName),
  os: z.string({ error: LICENSE_MESSAGES.os }).trim().min(1, LICENSE_MESSAGES.os).max(100, LICENSE_MESSAGES.os),
  appVersion: versionSchema,
});
export type ActivationRequest = z.infer<typeof activationRequestSchema>;

export const licenseRefreshSchema = z.object({ deviceId: deviceIdSchema, appVersion: versionSchema });

export interface DeviceView {
  deviceId: string;
  deviceName: string;
  os: string;
  appVersion: string;
  activatedAt: string;
  lastSeenAt: string;
}

/** The licence's claims, as the desktop app reads them after checking the signature. */
export interface LicenseClaims {
  iss: typeof LICENSE_ISSUER;
  aud: typeof LICENSE_AUDIENCE;
  sub: string;
  email: string;
  plan: PlanName;
  /** `lapsed`: the paid period has ended on a plan that keeps its builds; only builds released before `entitlement_end_at` run. */
  status: 'trial' | 'active' | 'lapsed';
  /** What the licence does after the entitlement's end (`LICENSE_AFTER_END` of the plan; `keep_builds` for a tax-year term). */
  after_end: LicenseAfterEnd;
  /** The tax years whose law it may run, as the forms write them ("2026-27"): from now to the one its end falls in. */
  tax_years: string[];
  /** When the trial or the paid period ends (ISO 8601); kept for desktop builds that read it. */
  entitlement_end: string;
  /** The same moment as a NumericDate (RFC 7519 §2), as `exp` is: what new builds compare. */
  entitlement_end_at: number;
  device_id: string;
  /** A member working on their firm's plan: the firm, and the seat they hold. */
  firm?: { id: string; name: string; seat: number };
  /** On a plan whose seats float: the seat this PC holds, and whether it is borrowed; the licence ends with it. */
  lease?: { id: string; kind: 'lease' | 'borrow' };
  /** This licence's own id (RFC 7519 §4.1.7), for logs and support. */
  jti: string;
  iat: number;
  /** Not valid before it was issued (RFC 7519 §4.1.5). */
  nbf: number;
  /** The licence works offline until then: the grace period after this check-in, never past the entitlement. */
  exp: number;
}

export interface LicenseResponse {
  license: string;
  expiresAt: string;
  device: DeviceView;
  /** `floating`: the firm's seats are shared, and the app runs while it holds one (a lease). */
  seating?: 'floating';
}
