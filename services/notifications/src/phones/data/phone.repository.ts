import { Schema, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform';
import { PHONE_CHANNELS, type PhoneChannel } from '@portal/contracts';
import type { ChannelConsent, CodePurpose, ConsentChange, PhoneRecord, PhoneStore } from '../domain/ports';

interface PhoneDocument extends Omit<PhoneRecord, 'userId'> {
  /** The person's id: one document each, made when they first ask for a code. */
  _id: string;
}

const consent = { on: Boolean, version: String, since: Date, _id: false };
const pendingCode = new Schema({ mobile: String, hash: String, expiresAt: Date, wrongTries: Number }, { _id: false });
/** Where each purpose's code is kept. */
const FIELD: Record<CodePurpose, 'pending' | 'signInCode'> = { verify: 'pending', 'sign-in': 'signInCode' };
const phoneSchema = new Schema<PhoneDocument>(
  {
    _id: { type: String, required: true },
    // absent until verified, so that the unique index holds only verified numbers
    mobile: { type: String, default: undefined },
    verifiedAt: { type: Date, default: null },
    pending: { type: pendingCode, default: null },
    signInCode: { type: pendingCode, default: null },
    channels: { whatsapp: consent, sms: consent },
    changes: {
      type: [{ channel: String, on: Boolean, version: String, text: String, at: Date, via: String, mobile: String, _id: false }],
      default: [],
    },
  },
  { versionKey: false },
);
// a STOP reply names the number; a number is verified on one account at a time
phoneSchema.index({ mobile: 1 }, { unique: true, sparse: true });

const OFF: ChannelConsent = { on: false, version: null, since: null };
const allOff = () => Object.fromEntries(PHONE_CHANNELS.map((channel) => [channel, { ...OFF }])) as Record<PhoneChannel, ChannelConsent>;
/** The changes kept per person: enough to show how each choice was made. */
const KEPT_CHANGES = 100;

const toRecord = ({ _id, channels, mobile, verifiedAt, pending, signInCode, changes }: PhoneDocument): PhoneRecord => ({
  userId: _id,
  mobile: mobile ?? null,
  verifiedAt: verifiedAt ?? null,
  pending: pending ?? null,
  signInCode: signInCode ?? null,
  changes: changes ?? [],
  channels: Object.fromEntries(PHONE_CHANNELS.map((channel) => [channel, { ...OFF, ...channels?.[channel] }])) as PhoneRecord['channels'],
});

export function phoneRepository(connection: Connection): PhoneStore {
  const Phone = connection.model<PhoneDocument>('Phone', phoneSchema, 'phones');
  const byId = (userId: string) => ({ _id: { $eq: userId } });
  return {
    ready: Phone.init(),
    async get(userId) {
      const doc = await Phone.findOne(byId(userId)).lean<PhoneDocument>();
      return doc
        ? toRecord(doc)
        : { userId, mobile: null, verifiedAt: null, pending: null, signInCode: null, channels: allOff(), changes: [] };
    },
    async byMobile(mobile) {
      const doc = await Phone.findOne({ mobile: { $eq: mobile } }).lean<PhoneDocument>();
      return doc ? toRecord(doc) : null;
    },
    async setCode(userId, purpose, code) {
      await Phone.updateOne(byId(userId), { $set: { [FIELD[purpose]]: code }, $setOnInsert: { channels: allOff() } }, { upsert: true });
    },
    async addWrongTry(userId, purpose, hash) {
      const field = FIELD[purpose];
      const doc = await Phone.findOneAndUpdate(
        { _id: { $eq: userId }, [`${field}.hash`]: { $eq: hash } },
        { $inc: { [`${field}.wrongTries`]: 1 } },
        { returnDocument: 'after' },
      ).lean<PhoneDocument>();
      return doc?.[field]?.wrongTries ?? Number.POSITIVE_INFINITY;
    },
    async clearCode(userId, purpose) {
      await Phone.updateOne(byId(userId), { $set: { [FIELD[purpose]]: null } });
    },
    async verify(userId, mobile, at) {
      const doc = await Phone.findOne(byId(userId), { mobile: 1 }).lean<PhoneDocument>();
      // a new number starts with no channel: the consent named the number it was given for
      const channels = doc?.mobile === mobile ? {} : { channels: allOff() };
      try {
        await Phone.updateOne(byId(userId), { $set: { mobile, verifiedAt: at, pending: null, ...channels } });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async saveChannels(userId, channels, changes: ConsentChange[]) {
      await Phone.updateOne(byId(userId), { $set: { channels }, $push: { changes: { $each: changes, $slice: -KEPT_CHANGES } } });
    },
    async deleteForUser(userId) {
      await Phone.deleteOne(byId(userId));
    },
  };
}
