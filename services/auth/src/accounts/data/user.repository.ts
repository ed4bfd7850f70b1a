import { createHash } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { firstIdAt, isDuplicateKeyError, type SingleUseClaims } from '@portal/platform';
import { isObjectId } from '@portal/contracts';
import type { UserRecord, UserStore } from '../../shared/ports';
import { secondFactorWrites, toSecondFactorState } from '../../shared/data/second-factor-fields';
import { userModels, type UserDocument } from './user.model';
import { userSearchFilter, userSearchKeys } from './user-search';

function toRecord(doc: UserDocument): UserRecord {
  return {
    id: doc._id.toString(),
    email: doc.email,
    passwordHash: doc.passwordHash,
    firstName: doc.firstName ?? '',
    lastName: doc.lastName ?? '',
    picture: doc.picture ?? null,
    isGoogleUser: Boolean(doc.isGoogleUser),
    personalInfo: doc.personalInfo ?? {},
    consent: doc.consent?.acceptedAt
      ? { terms: doc.consent.terms, privacy: doc.consent.privacy, acceptedAt: doc.consent.acceptedAt }
      : null,
    consents: (doc.consentHistory ?? (doc.consent?.acceptedAt ? [doc.consent] : [])).map(({ terms, privacy, acceptedAt }) => ({
      terms,
      privacy,
      acceptedAt,
    })),
    ...toSecondFactorState(doc),
    createdAt: doc.createdAt,
  };
}

export function userRepository(connection: Connection, claims: SingleUseClaims): UserStore & { ready: Promise<unknown> } {
  const { User, GoogleIdentity } = userModels(connection);
  const byId = async (id: string) => (isObjectId(id) ? User.findById(id).lean<UserDocument>() : null);

  return {
    ...secondFactorWrites(User.collection),
    ready: Promise.all([User.init(), GoogleIdentity.init()]),
    async create(user) {
      try {
        const created = await User.create({ ...user, consentHistory: user.consent ? [user.consent] : [], ...userSearchKeys(user) });
        return toRecord(created.toObject());
      } catch (error) {
        if (isDuplicateKeyError(error)) return null;
        throw error;
      }
    },
    async findById(id) {
      const doc = await byId(id);
      return doc ? toRecord(doc) : null;
    },
    async findByEmail(email) {
      const doc = await User.findOne({ email: { $eq: email } }).lean<UserDocument>();
      return doc ? toRecord(doc) : null;
    },
    async findByGoogleSubject(subject) {
      const identity = await GoogleIdentity.findById(subject).lean();
      return identity ? this.findById(identity.userId.toString()) : null;
    },
    async linkGoogleSubject(userId, subject) {
      await GoogleIdentity.updateOne({ _id: subject }, { $set: { userId: new Types.ObjectId(userId) } }, { upsert: true });
    },
    async markGoogleUser(userId, picture) {
      const doc = await User.findByIdAndUpdate(
        userId,
        { $set: { isGoogleUser: true, picture } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      return doc ? toRecord(doc) : null;
    },
    async updateProfile(id, { firstName, lastName, personalInfo }) {
      if (!isObjectId(id)) return null;
      const doc = await User.findByIdAndUpdate(
        id,
        { $set: { firstName, lastName, personalInfo, ...userSearchKeys({ firstName, lastName, personalInfo }) } },
        { returnDocument: 'after', runValidators: true },
      ).lean<UserDocument>();
      return doc ? toRecord(doc) : null;
    },
    async replacePasswordHash(id, current, passwordHash) {
      // A conditional update is no claim on FerretDB (it reads, then writes); each stored hash has
      // its own salt, so "replace this one" is claimed once under the hash's digest.
      const replaced = createHash('sha256')
        .update(current ?? 'no password yet')
        .digest('base64url');
      const run = await claims.once(`password-replaced:${id}:${replaced}`, id, () =>
        User.updateOne({ _id: new Types.ObjectId(id) }, { $set: { passwordHash } }),
      );
      return run.claimed;
    },
    async recordConsent(id, consent, age) {
      const doc = await User.findOneAndUpdate(
        { _id: new Types.ObjectId(id) },
        { $set: { consent, ...(age === undefined ? {} : { 'personalInfo.age': age }) }, $push: { consentHistory: consent } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      return doc ? toRecord(doc) : null;
    },
    async search({ search, page, limit }) {
      const term = search?.trim();
      const filter = term ? userSearchFilter(term) : {};
      const [docs, total] = await Promise.all([
        User.find(filter)
          // Newest first by _id, whose time is the sign-up's: the _id index orders the directory,
          // so a page costs the same at 100,000 users as at 1,000, on MongoDB and the embedded store.
          .sort({ _id: -1 })
          .skip((page - 1) * limit)
          .limit(limit)
          .lean<UserDocument[]>(),
        // without a search the total is the collection's size, which the server keeps without counting
        term ? User.countDocuments(filter) : User.estimatedDocumentCount(),
      ]);
      return { users: docs.map(toRecord), total };
    },
    async addSearchKeys() {
      let added = 0;
      const missing = User.find({ searchName: { $exists: false } }, { email: 1, firstName: 1, lastName: 1, personalInfo: 1 });
      for await (const doc of missing.lean<UserDocument>().cursor({ batchSize: 500 })) {
        await User.updateOne(
          { _id: doc._id },
          { $set: userSearchKeys({ ...doc, firstName: doc.firstName ?? '', lastName: doc.lastName ?? '' }) },
        );
        added += 1;
      }
      return added;
    },
    async *streamAll() {
      for await (const doc of User.find({}).sort({ _id: 1 }).lean<UserDocument>().cursor({ batchSize: 100 })) yield toRecord(doc);
    },
    count: () => User.estimatedDocumentCount(),
    countSignedUpBetween(from, to) {
      // An id's time is the sign-up's second (as the directory's order takes it): a range of the
      // _id index, which the embedded store counts from the index alone.
      return User.countDocuments({ _id: { $gte: firstIdAt(from), $lt: firstIdAt(to) } });
    },
    async delete(id) {
      if (!isObjectId(id)) return false;
      const { deletedCount } = await User.deleteOne({ _id: new Types.ObjectId(id) });
      await GoogleIdentity.deleteMany({ userId: new Types.ObjectId(id) });
      return deletedCount === 1;
    },
  };
}
