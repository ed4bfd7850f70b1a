import { Schema, type Connection } from 'mongoose';
import type { DownloadSummary } from '@portal/contracts';
import type { DownloadRecord, DownloadStore } from '../domain/ports';

const HISTORY_SHOWN = 20;

const downloadSchema = new Schema<DownloadRecord>(
  {
    userId: { type: String, required: true },
    version: String,
    downloadedAt: { type: Date, required: true },
    userAgent: { type: String, default: '' },
  },
  { versionKey: false },
);
// a user's downloads, newest first: the summary's filter and its order in one index
downloadSchema.index({ userId: 1, downloadedAt: -1 });

export function downloadRepository(connection: Connection): DownloadStore & { ready: Promise<unknown> } {
  const Download = connection.model<DownloadRecord>('Download', downloadSchema, 'downloads');
  return {
    ready: Download.init(),
    async record(download) {
      await Download.create({ ...download, userAgent: download.userAgent.slice(0, 300) });
    },
    /** One read for all the users; grouped here, since FerretDB 1.x has few aggregation stages. */
    async summaries(userIds) {
      const docs = await Download.find({ userId: { $in: userIds } })
        .sort({ downloadedAt: -1 })
        .lean<DownloadRecord[]>();
      const byUser = new Map<string, DownloadRecord[]>();
      for (const doc of docs) byUser.set(doc.userId, [...(byUser.get(doc.userId) ?? []), doc]);
      return userIds.map((userId): DownloadSummary => {
        const history = byUser.get(userId) ?? [];
        return {
          userId,
          lastDownloadDate: history[0]?.downloadedAt.toISOString() ?? null,
          totalDownloads: history.length,
          downloadHistory: history
            .slice(0, HISTORY_SHOWN)
            .map((entry) => ({ version: entry.version, downloadedAt: entry.downloadedAt.toISOString(), userAgent: entry.userAgent })),
        };
      });
    },
    async deleteForUser(userId) {
      return (await Download.deleteMany({ userId: { $eq: userId } })).deletedCount;
    },
  };
}
