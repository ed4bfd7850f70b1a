import { Schema, Types, type Connection } from 'mongoose';
import type { AdminRole } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform';
import type { AdminRecord, AdminStore } from '../domain/ports';
import {
  secondFactorFields,
  secondFactorWrites,
  toSecondFactorState,
  type SecondFactorDocument,
} from '../../shared/data/second-factor-fields';

interface AdminDocument extends SecondFactorDocument {
  _id: Types.ObjectId;
  email: string;
  passwordHash?: string | null;
  role: AdminRole;
  invitation?: { tokenHash: string; expiresAt: Date } | null;
  createdAt: Date;
}

const adminSchema = new Schema<AdminDocument>(
  {
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, default: null },
    role: { type: String, required: true },
    ...secondFactorFields,
    invitation: { type: { tokenHash: String, expiresAt: Date, _id: false }, default: null },
  },
  { timestamps: true, versionKey: false },
);
adminSchema.index({ 'invitation.tokenHash': 1 }, { sparse: true });

const toRecord = (doc: AdminDocument): AdminRecord => ({
  id: doc._id.toString(),
  email: doc.email,
  passwordHash: doc.passwordHash ?? null,
  role: doc.role,
  ...toSecondFactorState(doc),
  createdAt: doc.createdAt,
});

const byId = (id: string) => ({ _id: { $eq: new Types.ObjectId(id) } });

/** Admins live apart from users: a user account can never become an admin by an update. */
export function adminRepository(connection: Connection): AdminStore & { ready: Promise<unknown> } {
  const Admin = connection.model<AdminDocument>('Admin', adminSchema, 'admins');
  async function created(fields: Partial<AdminDocument>) {
    try {
      return toRecord((await Admin.create(fields)).toObject());
    } catch (error) {
      if (isDuplicateKeyError(error)) return null;
      throw error;
    }
  }
  return {
    ...secondFactorWrites(Admin.collection),
    // the one role before roles existed could do everything: its admins become owners
    ready: Admin.init().then(() => Admin.collection.updateMany({ role: 'admin' }, { $set: { role: 'owner' } })),
    count: () => Admin.countDocuments(),
    countOwners: () => Admin.countDocuments({ role: { $eq: 'owner' } }),
    async findByEmail(email) {
      const doc = await Admin.findOne({ email: { $eq: email } }).lean<AdminDocument>();
      return doc ? toRecord(doc) : null;
    },
    async findById(id) {
      if (!Types.ObjectId.isValid(id)) return null;
      const doc = await Admin.findOne(byId(id)).lean<AdminDocument>();
      return doc ? toRecord(doc) : null;
    },
    async list() {
      return (await Admin.find().sort({ createdAt: 1 }).lean<AdminDocument[]>()).map(toRecord);
    },
    create: ({ email, passwordHash, role }) => created({ email, passwordHash, role }),
    invite: ({ email, role, tokenHash, expiresAt }) => created({ email, role, passwordHash: null, invitation: { tokenHash, expiresAt } }),
    async acceptInvitation(tokenHash, passwordHash, now) {
      const doc = await Admin.findOneAndUpdate(
        { 'invitation.tokenHash': { $eq: tokenHash }, 'invitation.expiresAt': { $gt: now } },
        { $set: { passwordHash, invitation: null } },
        { returnDocument: 'after' },
      ).lean<AdminDocument>();
      return doc ? toRecord(doc) : null;
    },
    async setRole(id, role) {
      await Admin.updateOne(byId(id), { $set: { role } });
    },
    async remove(id) {
      return (await Admin.deleteOne(byId(id))).deletedCount === 1;
    },
  };
}
