import { Schema, type Connection } from 'mongoose';
import { OWN_SIGN_INS_SHOWN, type SecurityEvent } from '@portal/contracts';
import type { SecurityLogStore } from '../domain/ports';

type SecurityDocument = Omit<SecurityEvent, 'at'> & { at: Date };

const securitySchema = new Schema<SecurityDocument>(
  {
    at: { type: Date, required: true },
    service: { type: String, required: true },
    kind: { type: String, required: true },
    outcome: { type: String, required: true },
    subject: { type: { type: String }, id: String, label: String },
    actor: String,
    reason: String,
    details: Schema.Types.Mixed,
    requestId: String,
    address: String,
    userAgent: String,
  },
  { versionKey: false, minimize: false },
);
// a window of time, the pruning by age, and one person's entries (as subject or as actor)
securitySchema.index({ at: 1 });
securitySchema.index({ 'subject.label': 1, at: 1 });
securitySchema.index({ actor: 1, at: 1 });
// a person's own sign-ins, newest first
securitySchema.index({ 'subject.id': 1, at: -1 });

const toEvent = ({ _id: _stored, at, ...event }: SecurityDocument & { _id: unknown }): SecurityEvent => ({
  ...event,
  at: at.toISOString(),
});

/** Append-only: nothing here updates an entry; entries leave only by age (removeBefore). */
export function securityLogRepository(connection: Connection): SecurityLogStore & { ready: Promise<unknown> } {
  const Security = connection.model<SecurityDocument>('SecurityEvent', securitySchema, 'security_log');
  return {
    ready: Security.init(),
    async add({ at, ...event }) {
      await Security.create({ ...event, at: new Date(at) });
    },
    async *find({ label, from, to }) {
      const window = { ...(from ? { $gte: from } : {}), ...(to ? { $lt: to } : {}) };
      const when = from || to ? { at: window } : {};
      const filter = label
        ? {
            $or: [
              { 'subject.label': { $eq: label }, ...when },
              { actor: { $eq: label }, ...when },
            ],
          }
        : when;
      for await (const doc of Security.find(filter).sort({ at: 1 }).lean<(SecurityDocument & { _id: unknown })[]>().cursor())
        yield toEvent(doc);
    },
    async signInsOf(userId, limit) {
      const docs = await Security.find({
        'subject.id': { $eq: userId },
        $or: [
          { kind: 'sign-in', outcome: 'success' },
          { kind: 'token-issued', reason: 'desktop-sign-in' },
        ],
      })
        .sort({ at: -1 })
        .limit(limit)
        .lean<(SecurityDocument & { _id: unknown })[]>();
      return docs.map(toEvent);
    },
    async newDeviceRequestsOf(userId, since) {
      const docs = await Security.find({ 'subject.id': { $eq: userId }, at: { $gte: since }, kind: 'new-device' }, { requestId: 1 })
        .limit(OWN_SIGN_INS_SHOWN)
        .lean<{ requestId?: string }[]>();
      return new Set(docs.flatMap((doc) => (doc.requestId ? [doc.requestId] : [])));
    },
    async removeBefore(cutOff) {
      return (await Security.deleteMany({ at: { $lt: cutOff } })).deletedCount;
    },
  };
}
