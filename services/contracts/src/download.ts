import { z } from 'zod';
import type { SubscriptionState } from './subscription-state';

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

/** The desktop app's update check: its version, and the channel it follows (beta also gets stable releases). */
export const updateQuerySchema = z.object({
  current: versionSchema,
  channel: z.enum(['stable', 'beta'], { error: 'The channel must be stable or beta' }).default('stable'),
});

export interface UpdateCheck {
  updateAvailable: boolean;
  current: string;
  /** The newest release of the channel, newer than `current` or not; null before any release. */
  latest: (LatestVersion & { channel: 'stable' | 'beta' }) | null;
  /** A signed link to the newer installer, when there is one and the user may download. */
  download: DownloadLink | null;
  /** Why there is no link although an update exists (the download page's own message). */
  message?: string;
}
