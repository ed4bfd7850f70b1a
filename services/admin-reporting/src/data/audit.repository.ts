import { Schema, Types, type Connection } from 'mongoose';
import type { AuditRecord, AuditStore } from '../domain/ports';

interface AuditDocument {
  _id: Types.ObjectId;
  actor: string;
  action: string;
  target: { type: string; id: string; label?: string };
  before?: unknown;
  after?: unknown;
  at: Date;
  service: string;
  pendingEvents: boolean;
}

const auditSchema = new Schema<AuditDocument>(
  {
    actor: { type: String, required: true },
    action: { type: String, required: true },
    target: { type: { type: String }, id: String, label: String },
    before: Schema.Types.Mixed,
    after: Schema.Types.Mixed,
    at: { type: Date, required: true },
    service: { type: String, required: true },
    pendingEvents: { type: Boolean, default: false },
  },
  { versionKey: false, minimize: false },
);
// the audit page's exact order, so that no page is sorted in memory
auditSchema.index({ at: -1, _id: -1 });
auditSchema.index({ pendingEvents: 1 });

const toRecord = (doc: AuditDocument): AuditRecord => ({
  id: doc._id.toString(),
  actor: doc.actor,
  action: doc.action,
  target: { type: doc.target.type, id: doc.target.id, ...(doc.target.label ? { label: doc.target.label } : {}) },
  before: doc.before,
  after: doc.after,
  at: doc.at.toISOString(),
  service: doc.service,
});

export function auditRepository(connection: Connection): AuditStore & { ready: Promise<unknown> } {
  const Audit = connection.model<AuditDocument>('Audit', auditSchema, 'audit_log');
  return {
    ready: Audit.init(),
    async add({ pendingEvents = false, at, ...event }) {
      return toRecord((await Audit.create({ ...event, at: new Date(at), pendingEvents })).toObject());
    },
    async page(page, limit) {
      const [docs, total] = await Promise.all([
        Audit.find({})
          .sort({ at: -1, _id: -1 })
          .skip((page - 1) * limit)
          .limit(limit)
          .lean<AuditDocument[]>(),
        // the size the server keeps, rather than a count of every entry
        Audit.estimatedDocumentCount(),
      ]);
      return { entries: docs.map(toRecord), total };
    },
    async pendingDeletions(limit) {
      return (await Audit.find({ pendingEvents: true }).sort({ at: 1 }).limit(limit).lean<AuditDocument[]>()).map(toRecord);
    },
    async markEventsPublished(id) {
      await Audit.updateOne({ _id: new Types.ObjectId(id) }, { $set: { pendingEvents: false } });
    },
  };
}
