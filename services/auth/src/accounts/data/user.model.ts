import { Schema, type Connection, type Types } from 'mongoose';
import { GENDERS } from '@portal/contracts';
import { secondFactorFields, type SecondFactorDocument } from '../../shared/data/second-factor-fields';
import { SEARCH_KEY_FIELDS, type UserSearchKeys } from './user-search';

/** Users stored before the search keys existed get them once, at auth's start (compose.ts). */
export interface UserDocument extends Partial<UserSearchKeys>, SecondFactorDocument {
  _id: Types.ObjectId;
  email: string;
  passwordHash?: string;
  firstName: string;
  lastName: string;
  picture?: string | null;
  isGoogleUser: boolean;
  personalInfo: {
    age?: number;
    gender?: (typeof GENDERS)[number];
    mobileNumber?: string;
    occupation?: string;
    organization?: string;
    address?: { street: string; city: string; state: string; pincode: string; country: string };
  };
  consent?: { terms: string; privacy: string; acceptedAt: Date } | null;
  /** Every acceptance, oldest first; accounts from before it kept only `consent`. */
  consentHistory?: { terms: string; privacy: string; acceptedAt: Date }[];
  createdAt: Date;
  updatedAt: Date;
}

const addressSchema = new Schema(
  { street: String, city: String, state: String, pincode: String, country: { type: String, default: 'India' } },
  { _id: false },
);

const userSchema = new Schema<UserDocument>(
  {
    email: { type: String, required: true, unique: true },
    passwordHash: String,
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    picture: { type: String, default: null },
    isGoogleUser: { type: Boolean, default: false },
    personalInfo: {
      type: new Schema(
        {
          age: Number,
          gender: { type: String, enum: GENDERS },
          mobileNumber: String,
          occupation: String,
          organization: String,
          address: addressSchema,
        },
        { _id: false },
      ),
      default: {},
    },
    consent: {
      type: new Schema({ terms: String, privacy: String, acceptedAt: Date }, { _id: false }),
      default: null,
    },
    // an optional second factor, stored as an admin's is
    ...secondFactorFields,
    consentHistory: { type: [new Schema({ terms: String, privacy: String, acceptedAt: Date }, { _id: false })], default: undefined },
    ...Object.fromEntries(SEARCH_KEY_FIELDS.map((field) => [field, { type: String, index: true }])),
  },
  { timestamps: true, versionKey: false },
);

/** Google accounts by Google's stable subject id; `_id` is the subject, so it is unique by itself. */
export interface GoogleIdentityDocument {
  _id: string;
  userId: Types.ObjectId;
}
const googleIdentitySchema = new Schema<GoogleIdentityDocument>(
  { _id: String, userId: { type: Schema.Types.ObjectId, required: true, index: true } },
  { versionKey: false },
);

export function userModels(connection: Connection) {
  return {
    User: connection.model<UserDocument>('User', userSchema, 'users'),
    GoogleIdentity: connection.model<GoogleIdentityDocument>('GoogleIdentity', googleIdentitySchema, 'google_identities'),
  };
}
