import { Schema, type Connection, type Types } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform';
import type { AdminRecord, AdminStore } from '../domain/ports';

interface AdminDocument {
  _id: Types.ObjectId;
  email: string;
  passwordHash: string;
  role: 'admin';
}

const adminSchema = new Schema<AdminDocument>(
  {
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    role: { type: String, default: 'admin' },
  },
  { timestamps: true, versionKey: false },
);

const toRecord = (doc: AdminDocument): AdminRecord => ({
  id: doc._id.toString(),
  email: doc.email,
  passwordHash: doc.passwordHash,
  role: 'admin',
});

/** Admins live apart from users: a user account can never become an admin by an update. */
export function adminRepository(connection: Connection): AdminStore & { ready: Promise<unknown> } {
  const Admin = connection.model<AdminDocument>('Admin', adminSchema, 'admins');
  return {
    ready: Admin.init(),
    count: () => Admin.countDocuments(),
    async findByEmail(email) {
      const doc = await Admin.findOne({ email: { $eq: email } }).lean<AdminDocument>();
      return doc ? toRecord(doc) : null;
    },
    async create({ email, passwordHash }) {
      try {
        return toRecord((await Admin.create({ email, passwordHash, role: 'admin' })).toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
  };
}
