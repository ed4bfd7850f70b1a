import { Schema, type Connection } from 'mongoose';
import { API_KEY_SCOPES } from '@portal/contracts';
import type { ApiKeyRecord, ApiKeyStore } from '../domain/ports';

interface ApiKeyDocument extends Omit<ApiKeyRecord, 'id'> {
  _id: string;
}

const apiKeySchema = new Schema<ApiKeyDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    name: { type: String, required: true },
    scopes: { type: [{ type: String, enum: API_KEY_SCOPES }], required: true },
    hash: { type: String, required: true },
    createdAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// a person's keys
apiKeySchema.index({ userId: 1, createdAt: 1 });

const toRecord = ({ _id, ...doc }: ApiKeyDocument): ApiKeyRecord => ({ id: _id, ...doc });

export function apiKeyRepository(connection: Connection): ApiKeyStore {
  const ApiKey = connection.model<ApiKeyDocument>('ApiKey', apiKeySchema, 'api_keys');
  return {
    ready: ApiKey.init(),
    async add({ id, ...key }) {
      await ApiKey.create({ _id: id, ...key });
    },
    live: async (userId) =>
      (
        await ApiKey.find({ userId: { $eq: userId }, revokedAt: null })
          .sort({ createdAt: 1 })
          .lean()
      ).map(toRecord),
    async revoke(userId, id, at) {
      const doc = await ApiKey.findOneAndUpdate(
        { _id: { $eq: id }, userId: { $eq: userId }, revokedAt: null },
        { $set: { revokedAt: at } },
        { returnDocument: 'after' },
      ).lean();
      return doc ? toRecord(doc) : null;
    },
    all: async (after, limit) =>
      (
        await ApiKey.find(after ? { _id: { $gt: after } } : {})
          .sort({ _id: 1 })
          .limit(limit)
          .lean()
      ).map(toRecord),
    async deleteForUser(userId) {
      const ids = (await ApiKey.find({ userId: { $eq: userId } }, { _id: 1 }).lean()).map((doc) => doc._id);
      await ApiKey.deleteMany({ userId: { $eq: userId } });
      return ids;
    },
  };
}
