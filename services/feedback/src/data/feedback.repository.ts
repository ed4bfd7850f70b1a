import { Schema, Types, type Connection } from 'mongoose';
import { FEEDBACK_COMPONENTS, FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackItem, isObjectId } from '@portal/contracts';
import type { FeedbackStore } from '../domain/ports';

type FeedbackDocument = Omit<FeedbackItem, '_id' | 'timestamp' | 'resolvedAt'> & {
  _id: Types.ObjectId;
  timestamp: Date;
  resolvedAt: Date | null;
};

const feedbackSchema = new Schema<FeedbackDocument>(
  {
    userId: { type: String, required: true },
    userEmail: { type: String, required: true },
    type: { type: String, enum: FEEDBACK_TYPES, required: true },
    component: { type: String, enum: FEEDBACK_COMPONENTS, required: true },
    message: { type: String, required: true },
    appVersion: { type: String, default: null },
    os: { type: String, default: null },
    status: { type: String, enum: FEEDBACK_STATUSES, default: 'open' },
    timestamp: { type: Date, default: () => new Date() },
    adminNotes: { type: String, default: '' },
    resolvedAt: { type: Date, default: null },
    resolvedBy: { type: String, default: null },
  },
  { versionKey: false },
);
// the admin list's order, newest first with _id breaking ties, and the export's
feedbackSchema.index({ timestamp: -1, _id: -1 });
// a user's own feedback, newest first (and a deleted user's, to erase)
feedbackSchema.index({ userId: 1, timestamp: -1 });

const toItem = (doc: FeedbackDocument): FeedbackItem => ({
  _id: doc._id.toString(),
  userId: doc.userId,
  userEmail: doc.userEmail,
  type: doc.type,
  component: doc.component,
  message: doc.message,
  appVersion: doc.appVersion ?? null,
  os: doc.os ?? null,
  status: doc.status,
  timestamp: doc.timestamp.toISOString(),
  adminNotes: doc.adminNotes ?? '',
  resolvedAt: doc.resolvedAt ? doc.resolvedAt.toISOString() : null,
  resolvedBy: doc.resolvedBy ?? null,
});

export function feedbackRepository(connection: Connection): FeedbackStore & { ready: Promise<unknown> } {
  const Feedback = connection.model<FeedbackDocument>('Feedback', feedbackSchema, 'feedback');
  return {
    ready: Feedback.init(),
    async create(feedback) {
      return toItem((await Feedback.create(feedback)).toObject());
    },
    async listForUser(userId) {
      return (
        await Feedback.find({ userId: { $eq: userId } })
          .sort({ timestamp: -1 })
          .limit(200)
          .lean<FeedbackDocument[]>()
      ).map(toItem);
    },
    async list({ status, component, type, limit }) {
      // Each filter is a validated enum value; 'all' or absent means no filter.
      const filter: Record<string, string> = {};
      if (status && status !== 'all') filter.status = status;
      if (component && component !== 'all') filter.component = component;
      if (type && type !== 'all') filter.type = type;
      // Newest first by _id, whose time is the server's timestamp: without a filter the _id index
      // serves the page, on MongoDB and the embedded store alike, however much feedback there is.
      return (await Feedback.find(filter).sort({ _id: -1 }).limit(limit).lean<FeedbackDocument[]>()).map(toItem);
    },
    async update(id, changes) {
      if (!isObjectId(id)) return null;
      const doc = await Feedback.findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' }).lean<FeedbackDocument>();
      return doc ? toItem(doc) : null;
    },
    async delete(id) {
      if (!isObjectId(id)) return false;
      return (await Feedback.deleteOne({ _id: new Types.ObjectId(id) })).deletedCount === 1;
    },
    async deleteForUser(userId) {
      return (await Feedback.deleteMany({ userId: { $eq: userId } })).deletedCount;
    },
    async *stream() {
      for await (const doc of Feedback.find({}).sort({ timestamp: -1 }).lean<FeedbackDocument>().cursor({ batchSize: 500 })) {
        yield toItem(doc);
      }
    },
  };
}
