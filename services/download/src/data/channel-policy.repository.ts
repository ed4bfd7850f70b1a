import { Schema, type Connection } from 'mongoose';
import type { ChannelPolicyRecord, ChannelPolicyStore } from '../domain/ports';

const policySchema = new Schema<ChannelPolicyRecord>(
  {
    channel: { type: String, required: true, unique: true },
    minimumVersion: { type: String, default: null },
    message: { type: String, default: '' },
    updatedBy: { type: String, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const WITHOUT_ID = { _id: 0 } as const;

export function channelPolicyRepository(connection: Connection): ChannelPolicyStore & { ready: Promise<unknown> } {
  const Policy = connection.model<ChannelPolicyRecord>('ChannelPolicy', policySchema, 'release_channels');
  return {
    ready: Policy.init(),
    find: (channel) => Policy.findOne({ channel: { $eq: channel } }, WITHOUT_ID).lean<ChannelPolicyRecord>(),
    all: () => Policy.find({}, WITHOUT_ID).lean<ChannelPolicyRecord[]>(),
    async save(policy) {
      await Policy.updateOne({ channel: { $eq: policy.channel } }, { $set: policy }, { upsert: true });
    },
  };
}
