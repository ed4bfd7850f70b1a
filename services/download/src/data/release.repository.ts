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
  },
  { versionKey: false },
);

const toRecord = ({ version, releaseDate, fileSize, sha256, notes, channel, storageKey, publishedBy }: ReleaseRecord): ReleaseRecord => ({
  version,
  releaseDate,
  fileSize,
  sha256,
  notes,
  channel,
  storageKey,
  publishedBy,
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
