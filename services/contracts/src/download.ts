import { z } from 'zod';

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

/** GET /api/download/check-eligibility (spec §3 Eligibility). */
export interface Eligibility {
  canDownload: boolean;
  subscriptionStatus: 'none' | 'trial' | 'active' | 'expired';
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
