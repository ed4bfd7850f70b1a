import { z } from 'zod';
import type { DownloadSummary } from '../download';

/** download's /internal/downloads/*: who downloaded what, for the admin area. */

export const internalDownloadSummaryBody = z.object({ userIds: z.array(z.string().max(64)).max(1000) });

export const downloadSummarySchema: z.ZodType<DownloadSummary> = z.object({
  userId: z.string(),
  lastDownloadDate: z.string().nullable(),
  totalDownloads: z.number(),
  downloadHistory: z.array(z.object({ version: z.string(), downloadedAt: z.string(), userAgent: z.string() })),
});
export const internalDownloadSummaryAnswer = z.object({ summaries: z.array(downloadSummarySchema) });

/** download's /internal/releases/channels/:channel: the channel's minimum version, for the licence check-in. */
export const internalChannelMinimumAnswer = z.object({
  minimumVersion: z.string().nullable(),
  message: z.string(),
});
export type InternalChannelMinimum = z.infer<typeof internalChannelMinimumAnswer>;
