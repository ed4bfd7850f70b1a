import { z } from 'zod';
import { deviceIdSchema } from './device-id';
import type { SubscriptionState } from './subscription-state';
import { parseTaxYearName, taxYearLabel } from './tax-years';

/** Semantic versions only ("1.4.2", "2.0.0-beta.1"): they name the installer file and sort releases. */
export const SEMVER_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
export const versionSchema = z
  .string({ error: 'Version is required' })
  .trim()
  .regex(SEMVER_PATTERN, 'Version must be a semantic version such as 1.4.2');

export interface LatestVersion {
  version: string;
  fileSize: number;
  releaseDate: string;
  sha256: string;
  notes: string;
  /** The tax year whose law the release follows ("2027-28"): it runs only on a licence that covers it. */
  requiresTaxYear?: string;
}

/** GET /api/download/check-eligibility (behaviour.md §3 Eligibility). */
export interface Eligibility {
  canDownload: boolean;
  subscriptionStatus: SubscriptionState;
  hasUsedTrial: boolean;
  daysRemaining: number;
  canStartTrial: boolean;
  message: string;
}

export interface DownloadLink {
  downloadUrl: string;
  fileName: string;
  expiresAt: string;
}

/** The installer's file name for a version, as the browser saves it. */
export const installerFileName = (version: string) => `TaxPractitioner-Setup-${version}.exe`;

export interface DownloadSummary {
  userId: string;
  lastDownloadDate: string | null;
  totalDownloads: number;
  downloadHistory: { version: string; downloadedAt: string; userAgent: string }[];
}

export const RELEASE_CHANNELS = ['stable', 'beta'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];
const channelSchema = z.enum(RELEASE_CHANNELS, { error: 'The channel must be stable or beta' });

/**
 * The desktop app's update check: its version, the channel it follows (beta also gets stable
 * releases), and the machine's fingerprint, which places it in a staged rollout;
 * an app that sends none is placed by its user.
 */
export const updateQuerySchema = z.object({
  current: versionSchema,
  channel: channelSchema.default('stable'),
  deviceId: deviceIdSchema.optional(),
});

export const RELEASE_STEERING_MESSAGES = {
  rollout: 'The rollout must be a whole percentage from 0 to 100',
  reason: 'Say why the release is withdrawn, in at most 500 characters',
  message: 'The message must be at most 500 characters',
  withdrawn: (version: string) => `Version ${version} has been withdrawn. Download the newest version from the portal instead.`,
  alreadyWithdrawn: (version: string) => `Version ${version} is already withdrawn.`,
  minimumUnknown: (version: string) => `There is no release ${version} to require.`,
  defaultRequired: 'This version of the app can no longer be used. Install the update to go on.',
} as const;

const rolloutPercent = z
  .number({ error: RELEASE_STEERING_MESSAGES.rollout })
  .int(RELEASE_STEERING_MESSAGES.rollout)
  .min(0, RELEASE_STEERING_MESSAGES.rollout)
  .max(100, RELEASE_STEERING_MESSAGES.rollout);
export const releaseRolloutSchema = z.object({ percent: rolloutPercent });
export const withdrawReleaseSchema = z.object({
  reason: z
    .string({ error: RELEASE_STEERING_MESSAGES.reason })
    .trim()
    .min(1, RELEASE_STEERING_MESSAGES.reason)
    .max(500, RELEASE_STEERING_MESSAGES.reason),
});
export const channelParamsSchema = z.object({ channel: channelSchema });
/** A channel's minimum version, and the admin's words to an older app; `null` lifts it. */
export const channelPolicySchema = z.object({
  minimumVersion: versionSchema.nullable(),
  message: z.string({ error: RELEASE_STEERING_MESSAGES.message }).trim().max(500, RELEASE_STEERING_MESSAGES.message).default(''),
});

/** Where the Releases tab sends an installer, by the tus resumable-upload protocol (tus.io, 1.0.0). */
export const RELEASE_UPLOADS_PATH = '/api/admin/releases/uploads';
/** The id tus gives an upload: 32 hexadecimal digits. */
export const releaseUploadIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'No upload with this id');

export const EDITION_MESSAGES = {
  taxYear: 'The tax year is written as on the forms, such as 2027-28',
  required: (version: string, year: number, plan: string) =>
    `Version ${version} follows the law of ${taxYearLabel(year)}, which your plan does not cover. Buy ${plan} for ${taxYearLabel(year)} on the portal to get it.`,
} as const;

/** A release's tax year as the forms write it ("2027-28"), read as the year it begins in. */
export const requiredTaxYearSchema = z
  .string({ error: EDITION_MESSAGES.taxYear })
  .trim()
  .transform((name, context) => {
    const year = parseTaxYearName(name);
    if (year === null) context.addIssue({ code: 'custom', message: EDITION_MESSAGES.taxYear });
    return year ?? 0;
  });

export const RELEASE_UPLOAD_MESSAGES = {
  unknown: 'No upload with this id. Upload the installer again.',
  incomplete: (received: number, size: number) =>
    `The installer is not whole yet: ${received.toLocaleString('en-IN')} of ${size.toLocaleString('en-IN')} bytes received. Resume the upload, then publish.`,
  mismatch: (sha256: string) => `The installer received does not match the SHA-256 you gave: it is ${sha256}. Upload the right file.`,
  sha256: 'The SHA-256 is 64 hexadecimal digits',
} as const;

/**
 * Publishing an installer uploaded by tus: the release's version, notes and first rollout share,
 * and the SHA-256 the build gave, which the file received must match.
 */
export const publishUploadSchema = z.object({
  version: versionSchema,
  notes: z.string({ error: 'Release notes are text' }).trim().max(10_000, 'Release notes must be at most 10,000 characters').default(''),
  rollout: rolloutPercent.default(100),
  /** The tax year whose law the release follows; none for a release any licence may run. */
  requiresTaxYear: requiredTaxYearSchema.optional(),
  sha256: z
    .string({ error: RELEASE_UPLOAD_MESSAGES.sha256 })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, RELEASE_UPLOAD_MESSAGES.sha256)
    .optional(),
});
export type PublishUpload = z.infer<typeof publishUploadSchema>;
/** The publish call as the Releases tab sends it: the tax year as the forms write it. */
export type PublishUploadBody = z.input<typeof publishUploadSchema>;

/** A release as the admin's Releases screen shows it. */
export interface ReleaseView extends LatestVersion {
  channel: ReleaseChannel;
  /** The share of the channel's devices it is offered to, 0–100. */
  rolloutPercent: number;
  state: 'live' | 'withdrawn';
  withdrawnAt: string | null;
  withdrawnReason: string | null;
  publishedBy: string;
  downloads: number;
}

export interface ChannelPolicy {
  channel: ReleaseChannel;
  minimumVersion: string | null;
  message: string;
  updatedBy: string | null;
  updatedAt: string | null;
}

export interface UpdateCheck {
  updateAvailable: boolean;
  current: string;
  /** The newest release of the channel, newer than `current` or not; null before any release. */
  latest: (LatestVersion & { channel: ReleaseChannel }) | null;
  /** A signed link to the newer installer, when there is one and the user may download. */
  download: DownloadLink | null;
  /** Why there is no link although an update exists (the download page's own message). */
  message?: string;
  /** The app is older than its channel's minimum version: it must update, with the admin's words why. */
  updateRequired: boolean;
  requiredMessage?: string;
  /** The app's own version was withdrawn: the offered release replaces it, older or not. */
  currentWithdrawn?: boolean;
  /** A newer release follows a tax year the licence does not cover: the plan to buy for it. */
  editionRequired?: EditionRequired;
}

export interface EditionRequired {
  code: 'edition_required';
  version: string;
  /** As the forms write it: "2027-28". */
  taxYear: string;
  plan: string;
  billingPeriod: 'tax-year';
  message: string;
}
