import { Schema, type Connection } from 'mongoose';
import { OPTIONAL_CATEGORIES, type NotificationPreferences } from '@portal/contracts';
import type { PreferenceChange, PreferenceStore } from '../domain/ports';

interface PreferenceDocument extends NotificationPreferences {
  /** The person's id: one document each, made at their first change. */
  _id: string;
  updatedAt: Date;
  changes: PreferenceChange[];
}

const preferenceSchema = new Schema<PreferenceDocument>(
  {
    _id: { type: String, required: true },
    reminder: { type: Boolean, required: true },
    news: { type: Boolean, required: true },
    updatedAt: { type: Date, required: true },
    changes: {
      type: [{ category: String, subscribed: Boolean, at: Date, via: String, _id: false }],
      default: [],
    },
  },
  { versionKey: false },
);

/** Every category is on until the person turns it off. */
const DEFAULTS = Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, true])) as NotificationPreferences;
/** The changes kept per person: the latest, enough to show how each choice was made. */
const KEPT_CHANGES = 100;

export function preferenceRepository(connection: Connection): PreferenceStore {
  const Preference = connection.model<PreferenceDocument>('Preference', preferenceSchema, 'preferences');
  const byId = (userId: string) => ({ _id: { $eq: userId } });
  const choicesOf = (doc: PreferenceDocument) =>
    Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, doc[category]])) as NotificationPreferences;
  return {
    ready: Preference.init(),
    async get(userId) {
      const doc = await Preference.findOne(byId(userId), { changes: 0 }).lean<PreferenceDocument>();
      return doc ? { preferences: choicesOf(doc), updatedAt: doc.updatedAt } : { preferences: { ...DEFAULTS }, updatedAt: null };
    },
    async record(userId) {
      const doc = await Preference.findOne(byId(userId)).lean<PreferenceDocument>();
      if (!doc) return { preferences: { ...DEFAULTS }, updatedAt: null, changes: [] };
      return { preferences: choicesOf(doc), updatedAt: doc.updatedAt, changes: doc.changes };
    },
    async save(userId, preferences, changes) {
      const at = changes.at(-1)?.at ?? new Date();
      await Preference.updateOne(
        byId(userId),
        { $set: { ...preferences, updatedAt: at }, $push: { changes: { $each: changes, $slice: -KEPT_CHANGES } } },
        { upsert: true },
      );
    },
    async deleteForUser(userId) {
      await Preference.deleteOne(byId(userId));
    },
  };
}
