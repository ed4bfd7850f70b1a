import { Schema, type Connection } from 'mongoose';
import { DELIVERY_STATES, PROVIDER_STATUSES, type DeliveryLogEntry, type DeliveryState, type ProviderStatus } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform';
import type { MessageRecord, MessageStore } from '../domain/ports';

interface MessageDocument extends Omit<MessageRecord, 'id'> {
  _id: string;
}

const messageSchema = new Schema<MessageDocument>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    category: { type: String, required: true },
    channel: { type: String, required: true },
    userId: { type: String, default: undefined },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    text: { type: String, default: '' },
    html: { type: String, default: undefined },
    attachments: { type: [{ filename: String, contentType: String, content: String, _id: false }], default: [] },
    values: { type: [String], default: undefined },
    providerId: { type: String, default: undefined },
    state: { type: String, enum: DELIVERY_STATES, required: true },
    attempts: { type: Number, required: true },
    lastError: { type: String, default: null },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    nextAttemptAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// a person's delivery log, newest first
messageSchema.index({ userId: 1, createdAt: -1 });
// and what went to their address without their id (an invitation, a firm's receipt)
messageSchema.index({ to: 1, createdAt: -1 });
// what waits, by when it is due (the sweep, the oldest waiting message)
messageSchema.index({ state: 1, nextAttemptAt: 1 });
messageSchema.index({ state: 1, createdAt: 1 });

/**
 * What a phone's provider reported of a message, by the provider's id: kept apart from the message,
 * as a report may arrive before the try that sent it has recorded that id (a gateway reports at once).
 */
interface ReportDocument {
  _id: string;
  status: ProviderStatus;
}
const reportSchema = new Schema<ReportDocument>(
  { _id: { type: String, required: true }, status: { type: String, enum: PROVIDER_STATUSES, required: true } },
  { versionKey: false },
);

const WAITING: DeliveryState[] = ['queued', 'retrying'];

const toRecord = ({ _id, ...doc }: MessageDocument): MessageRecord => ({ id: _id, ...doc });

const toLogEntry = (doc: MessageDocument, reported: Map<string, ProviderStatus>): DeliveryLogEntry => ({
  id: doc._id,
  kind: doc.kind,
  channel: doc.channel,
  to: doc.to,
  subject: doc.subject,
  state: doc.state,
  attempts: doc.attempts,
  lastError: doc.lastError,
  createdAt: doc.createdAt.toISOString(),
  sentAt: doc.sentAt ? doc.sentAt.toISOString() : null,
  ...(doc.channel !== 'email' && { providerStatus: (doc.providerId ? reported.get(doc.providerId) : undefined) ?? null }),
});

export function messageRepository(connection: Connection): MessageStore {
  const Message = connection.model<MessageDocument>('Message', messageSchema, 'messages');
  const Report = connection.model<ReportDocument>('ProviderReport', reportSchema, 'provider_reports');
  const byId = (id: string) => ({ _id: { $eq: id } });
  return {
    ready: Promise.all([Message.init(), Report.init()]),
    async add({ id, ...message }) {
      try {
        await Message.create({ _id: id, ...message });
        return { id, ...message };
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
    async get(id) {
      const doc = await Message.findOne(byId(id)).lean<MessageDocument>();
      return doc ? toRecord(doc) : null;
    },
    async markSent(id, attempts, at, providerId) {
      // once delivered, the body goes: a reset link is a password until used, a code too, and the
      // attachment is the producer's document; the log keeps what was sent to whom and when
      await Message.updateOne(byId(id), {
        $set: { state: 'sent', attempts, sentAt: at, nextAttemptAt: null, text: '', attachments: [], ...(providerId && { providerId }) },
        $unset: { html: 1, values: 1 },
      });
    },
    async markProviderStatus(providerId, status) {
      // a read message stays read though a late "delivered" arrives after it
      if (status === 'read') {
        await Report.updateOne({ _id: { $eq: providerId } }, { $set: { status } }, { upsert: true });
        return;
      }
      try {
        await Report.updateOne({ _id: { $eq: providerId }, status: { $ne: 'read' } }, { $set: { status } }, { upsert: true });
      } catch (error) {
        // the report is already "read": the upsert's insert met it
        if (!isDuplicateKeyError(error)) throw error;
      }
    },
    async markWithheld(id) {
      // like a sent one, it keeps no body
      await Message.updateOne(byId(id), {
        $set: { state: 'withheld', nextAttemptAt: null, text: '', attachments: [] },
        $unset: { html: 1, values: 1 },
      });
    },
    async markFailedTry(id, change) {
      await Message.updateOne(byId(id), { $set: change });
    },
    async requeueFailed(id, at) {
      const { modifiedCount } = await Message.updateOne(
        { _id: { $eq: id }, state: 'failed' },
        { $set: { state: 'queued', nextAttemptAt: at } },
      );
      return modifiedCount === 1;
    },
    async overdue(before, limit) {
      const docs = await Message.find({ state: { $in: WAITING }, nextAttemptAt: { $lt: before } }, { _id: 1 })
        .sort({ nextAttemptAt: 1 })
        .limit(limit)
        .lean<{ _id: string }[]>();
      return docs.map((doc) => doc._id);
    },
    async forPerson({ userId, email }, limit) {
      const whose = email ? { $or: [{ userId: { $eq: userId } }, { to: { $eq: email } }] } : { userId: { $eq: userId } };
      const docs = await Message.find(whose, { text: 0, html: 0, attachments: 0, values: 0 })
        .sort({ createdAt: -1 })
        .limit(limit)
        .lean<MessageDocument[]>();
      const providerIds = docs.flatMap((doc) => (doc.providerId ? [doc.providerId] : []));
      const reports = providerIds.length ? await Report.find({ _id: { $in: providerIds } }).lean<ReportDocument[]>() : [];
      const reported = new Map(reports.map((report) => [report._id, report.status]));
      return docs.map((doc) => toLogEntry(doc, reported));
    },
    async countByState() {
      const counts = Object.fromEntries(DELIVERY_STATES.map((state) => [state, 0])) as Record<DeliveryState, number>;
      await Promise.all(DELIVERY_STATES.map(async (state) => void (counts[state] = await Message.countDocuments({ state }))));
      return counts;
    },
    async oldestWaiting() {
      const doc = await Message.findOne({ state: { $in: WAITING } }, { createdAt: 1 })
        .sort({ createdAt: 1 })
        .lean<{ createdAt: Date }>();
      return doc?.createdAt ?? null;
    },
    async deleteForUser(userId) {
      const sent = await Message.find({ userId: { $eq: userId }, providerId: { $type: 'string' } }, { providerId: 1 }).lean<
        MessageDocument[]
      >();
      await Report.deleteMany({ _id: { $in: sent.map((doc) => doc.providerId!) } });
      await Message.deleteMany({ userId: { $eq: userId } });
    },
  };
}
