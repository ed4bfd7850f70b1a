import { z } from 'zod';
import { RELEASE_CHANNELS, type DownloadSummary } from '../download';

/** download's /internal/downloads/*: who downloaded what, for the admin area. */

export const internalDownloadSummaryBody = z.object({ userIds: z.array(z.string().max(64)).max(1000) });

export const downloadSummarySchema: z.ZodType<DownloadSummary> = z.object({
  userId: z.string(),
  lastDownloadDate: z.string().nullable(),
  totalDownloads: z.number(),
  downloadHistory: z.array(z.object({ version: z.string(), downloadedAt: z.string(), userAgent: z.string() })),
});
export const internalDownloadSummaryAnswer = z.object({ summaries: z.array(downloadSummarySchema) });

/**
 * download's event to billing when a release channel's minimum version changes, and again for
 * every channel at download's start and every few minutes (what a lost event missed comes back):
 * billing keeps the newest by revision and holds each licence check-in to it.
 */
export const RELEASE_EVENTS = { channelChanged: 'release.channel-changed' } as const;
export const releaseChannelChangedEvent = z.object({
  channel: z.enum(RELEASE_CHANNELS),
  minimumVersion: z.string().nullable(),
  message: z.string(),
  revision: z.number().int().positive(),
});
export type ReleaseChannelChangedEvent = z.infer<typeof releaseChannelChangedEvent>;
