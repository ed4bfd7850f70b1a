import { Schema, type Connection } from 'mongoose';
import type { BillingProfile } from '@portal/contracts';
import type { BillingProfileStore } from '../domain/ports';

type BillingProfileDocument = BillingProfile & { _id: string; updatedAt: Date };

const billingProfileSchema = new Schema<BillingProfileDocument>(
  {
    _id: String,
    legalName: String,
    gstin: String,
    street: String,
    city: String,
    pincode: String,
    stateCode: String,
    updatedAt: Date,
  },
  { versionKey: false },
);

const toProfile = ({ legalName, gstin, street, city, pincode, stateCode }: BillingProfileDocument): BillingProfile => ({
  legalName,
  gstin: gstin || undefined,
  street,
  city,
  pincode,
  stateCode,
});

/** One billing profile per user, keyed by the user id. */
export function billingProfileRepository(connection: Connection): BillingProfileStore {
  const Profile = connection.model<BillingProfileDocument>('BillingProfile', billingProfileSchema, 'billing_profiles');
  return {
    async find(accountId) {
      const doc = await Profile.findById(String(accountId)).lean<BillingProfileDocument>();
      return doc ? toProfile(doc) : null;
    },
    async save(accountId, profile) {
      // The whole profile is replaced, so a GSTIN left empty is removed rather than kept.
      const doc = await Profile.findOneAndReplace(
        { _id: { $eq: String(accountId) } },
        { ...profile, updatedAt: new Date() },
        { upsert: true, returnDocument: 'after' },
      ).lean<BillingProfileDocument>();
      return toProfile(doc!);
    },
    async delete(accountId) {
      await Profile.deleteOne({ _id: { $eq: String(accountId) } });
    },
  };
}
