import { paiseLeft, sumPaise, type Paise } from '@portal/contracts';
import { isDuplicateKeyError } from '@portal/platform/errors';
import { Schema, type Connection } from 'mongoose';
import type { CreditUseRecord, ReferralCodeRecord, ReferralCreditRecord, ReferralRecord, ReferralStore } from '../domain/ports';

const codeSchema = new Schema<ReferralCodeRecord>(
  {
    accountId: { type: String, required: true, unique: true },
    code: { type: String, required: true, unique: true },
    email: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

const referralSchema = new Schema<ReferralRecord>(
  {
    // a person is referred once, by whoever's link they claimed first
    referredAccountId: { type: String, required: true, unique: true },
    referrerAccountId: { type: String, required: true },
    claimedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

/**
 * An account's referral credit as one ledger, so that a checkout reads it in one command: what it
 * earned (a referred account's first payment) and what its orders took. `merchantOrderId` is the
 * referred account's order for an entry earned, the account's own for one taken.
 */
interface LedgerEntry {
  kind: 'earned' | 'used';
  accountId: string | null;
  merchantOrderId: string;
  paise: number;
  at: Date;
  /** A use's progress; an entry earned is 'redeemed', or 'released' once the payment that earned it was refunded. */
  state: CreditUseRecord['state'];
  /** The unique key that is the claim: the referred account for an entry earned, the order for one taken (kept unique when an account is deleted). */
  key: string;
  referrerEmail?: string | null;
  referredAccountId?: string | null;
}
const ledgerSchema = new Schema<LedgerEntry>(
  {
    kind: { type: String, enum: ['earned', 'used'], required: true },
    accountId: { type: String, default: null },
    merchantOrderId: { type: String, required: true },
    paise: { type: Number, required: true },
    at: { type: Date, required: true },
    state: { type: String, enum: ['reserved', 'redeemed', 'released'], required: true },
    // a conditional update is no claim on FerretDB: two first payments at once earn one credit by this key
    key: { type: String, required: true, unique: true },
    referrerEmail: { type: String, default: undefined },
    referredAccountId: { type: String, default: undefined },
  },
  { versionKey: false },
);
ledgerSchema.index({ accountId: 1, at: -1 });
ledgerSchema.index({ kind: 1, at: -1 });
ledgerSchema.index({ merchantOrderId: 1 });
ledgerSchema.index({ referredAccountId: 1 }, { sparse: true });

const earnedOf = (entry: LedgerEntry): ReferralCreditRecord => ({
  referrerAccountId: entry.accountId,
  referrerEmail: entry.referrerEmail ?? null,
  referredAccountId: entry.referredAccountId ?? null,
  merchantOrderId: entry.merchantOrderId,
  paise: entry.paise as Paise,
  grantedAt: entry.at,
  takenBack: entry.state === 'released',
});
const useOf = (entry: LedgerEntry): CreditUseRecord => ({
  accountId: entry.accountId ?? '',
  merchantOrderId: entry.merchantOrderId,
  paise: entry.paise as Paise,
  state: entry.state,
  createdAt: entry.at,
});

const WITHOUT_ID = { _id: 0 } as const;

/** An entry earned counts until it is taken back ('released'); a use counts while held or used. */
const balanceOfEntries = (entries: Pick<LedgerEntry, 'kind' | 'state' | 'paise'>[]): Paise =>
  paiseLeft(
    sumPaise(entries.filter((entry) => entry.kind === 'earned' && entry.state !== 'released').map((entry) => entry.paise as Paise)),
    ...entries.filter((entry) => entry.kind === 'used' && entry.state !== 'released').map((entry) => entry.paise as Paise),
  );

export function referralRepository(connection: Connection): ReferralStore {
  const Code = connection.model<ReferralCodeRecord>('ReferralCode', codeSchema, 'referral_codes');
  const Referral = connection.model<ReferralRecord>('Referral', referralSchema, 'referrals');
  const Ledger = connection.model<LedgerEntry>('ReferralCredit', ledgerSchema, 'referral_credits');
  /** Inserts once; a duplicate key answers false. */
  const insertOnce = async (insert: () => Promise<unknown>) => {
    try {
      await insert();
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  };
  return {
    ready: Promise.all([Code.init(), Referral.init(), Ledger.init()]),
    codeOf: (accountId) => Code.findOne({ accountId: { $eq: accountId } }, WITHOUT_ID).lean<ReferralCodeRecord>(),
    findCode: (code) => Code.findOne({ code: { $eq: code } }, WITHOUT_ID).lean<ReferralCodeRecord>(),
    createCode: (record) => insertOnce(() => Code.create(record)),
    async claim(referral) {
      if (await insertOnce(() => Referral.create(referral))) return referral;
      return (
        (await Referral.findOne({ referredAccountId: { $eq: referral.referredAccountId } }, WITHOUT_ID).lean<ReferralRecord>()) ?? referral
      );
    },
    referralOf: (referredAccountId) =>
      Referral.findOne({ referredAccountId: { $eq: referredAccountId } }, WITHOUT_ID).lean<ReferralRecord>(),
    grant: (credit) =>
      insertOnce(() =>
        Ledger.create({
          kind: 'earned',
          accountId: credit.referrerAccountId,
          merchantOrderId: credit.merchantOrderId,
          paise: credit.paise,
          at: credit.grantedAt,
          state: 'redeemed',
          key: `earned:${credit.referredAccountId ?? credit.merchantOrderId}`,
          referrerEmail: credit.referrerEmail,
          referredAccountId: credit.referredAccountId,
        }),
      ),
    async takeBack(merchantOrderId) {
      const taken = await Ledger.updateOne(
        { merchantOrderId: { $eq: merchantOrderId }, kind: 'earned', state: 'redeemed' },
        { $set: { state: 'released' } },
      );
      return taken.modifiedCount > 0;
    },
    async ledgerOf(accountId) {
      const entries = await Ledger.find({ accountId: { $eq: accountId } }, WITHOUT_ID)
        .sort({ at: -1 })
        .lean<LedgerEntry[]>();
      return {
        earned: entries.filter((entry) => entry.kind === 'earned').map(earnedOf),
        uses: entries.filter((entry) => entry.kind === 'used').map(useOf),
        balancePaise: balanceOfEntries(entries),
      };
    },
    balanceOf: async (accountId) =>
      balanceOfEntries(await Ledger.find({ accountId: { $eq: accountId } }, { _id: 0, kind: 1, state: 1, paise: 1 }).lean<LedgerEntry[]>()),
    credits: async (limit) =>
      (await Ledger.find({ kind: 'earned' }, WITHOUT_ID).sort({ at: -1 }).limit(limit).lean<LedgerEntry[]>()).map(earnedOf),
    async holdUse(use) {
      await Ledger.create({
        kind: 'used',
        accountId: use.accountId,
        merchantOrderId: use.merchantOrderId,
        paise: use.paise,
        at: use.createdAt,
        state: 'reserved',
        key: `used:${use.merchantOrderId}`,
      });
    },
    async settleUse(merchantOrderId, state) {
      const moved = await Ledger.updateOne(
        { merchantOrderId: { $eq: merchantOrderId }, kind: 'used', state: 'reserved' },
        { $set: { state } },
      );
      return moved.modifiedCount > 0;
    },
    async detachUser(accountId) {
      const id = { $eq: accountId };
      await Promise.all([
        Code.deleteOne({ accountId: id }),
        Referral.deleteMany({ $or: [{ referredAccountId: id }, { referrerAccountId: id }] }),
        Ledger.deleteMany({ accountId: id, kind: 'used' }),
      ]);
      const earned = await Ledger.updateMany({ accountId: id, kind: 'earned' }, { $set: { accountId: null, referrerEmail: null } });
      // at most one: the credit this account's first payment earned its referrer; its key stays unique without the id
      const gave = await Ledger.findOne({ referredAccountId: id }, { _id: 0, merchantOrderId: 1 }).lean<{ merchantOrderId: string }>();
      if (gave)
        await Ledger.updateOne(
          { merchantOrderId: { $eq: gave.merchantOrderId }, kind: 'earned' },
          { $set: { referredAccountId: null, key: `earned:${gave.merchantOrderId}` } },
        );
      return earned.modifiedCount + (gave ? 1 : 0);
    },
  };
}
