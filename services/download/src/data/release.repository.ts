import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform';
import type { ReleaseRecord, ReleaseStore } from '../domain/ports';

const releaseSchema = new Schema<ReleaseRecord>(
  {
    version: { type: String, required: true, unique: true },
    releaseDate: { type: Date, required: true },
    fileSize: { type: Number, required: true },
    sha256: { type: String, required: true },
    notes: { type: String, default: '' },
    channel: { type: String, enum: ['stable', 'beta'], default: 'stable' },
    storageKey: { type: String, required: true },
    publishedBy: { type: String, default: '' },
    rolloutPercent: { type: Number, default: 100 },
    requiresTaxYear: { type: Number, default: null },
    withdrawn: { type: { at: Date, reason: String, by: String }, default: null, _id: false },
    downloads: { type: Number, default: 0 },
  },
  { versionKey: false },
);

const toRecord = (doc: ReleaseRecord): ReleaseRecord => ({
  version: doc.version,
  releaseDate: doc.releaseDate,
  fileSize: doc.fileSize,
  sha256: doc.sha256,
  notes: doc.notes,
  channel: doc.channel,
  storageKey: doc.storageKey,
  publishedBy: doc.publishedBy,
  // releases published before rollouts went to everyone, and none was withdrawn
  rolloutPercent: doc.rolloutPercent ?? 100,
  requiresTaxYear: doc.requiresTaxYear ?? null,
  withdrawn: doc.withdrawn?.at ? doc.withdrawn : null,
  downloads: doc.downloads ?? 0,
});

export function releaseRepository(connection: Connection): ReleaseStore & { ready: Promise<unknown> } {
  const Release = connection.model<ReleaseRecord>('Release', releaseSchema, 'releases');
  return {
    ready: Release.init(),
    async find(version) {
      const doc = await Release.findOne({ version: { $eq: version } }).lean<ReleaseRecord>();
      return doc ? toRecord(doc) : null;
    },
    async all(channel) {
      return (await Release.find(channel ? { channel } : {}).lean<ReleaseRecord[]>()).map(toRecord);
    },
    async update(version, changes) {
      const doc = await Release.findOneAndUpdate(
        { version: { $eq: version } },
        { $set: changes },
        { returnDocument: 'after' },
      ).lean<ReleaseRecord>();
      return doc ? toRecord(doc) : null;
    },
    async countDownload(version) {
      await Release.updateOne({ version: { $eq: version } }, { $inc: { downloads: 1 } });
    },
    async create(release) {
      try {
        return toRecord((await Release.create(release)).toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
  };
}
