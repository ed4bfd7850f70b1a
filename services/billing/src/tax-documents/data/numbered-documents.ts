import { Schema, type Model, type SchemaDefinition } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';

interface Numbered {
  number: string;
  series: string;
  sequence: number;
  accountId: string | null;
}

const party = { type: Schema.Types.Mixed, required: true };

/** An invoice's or a pro-forma's discount: a code's, one of a code's periods, or a referral credit. */
export const DISCOUNT_FIELD = {
  type: {
    kind: String,
    code: String,
    period: { type: { number: Number, of: Number }, default: undefined, _id: false },
    listPricePaise: Number,
    listTaxablePaise: Number,
    discountPaise: Number,
  },
  default: undefined,
  _id: false,
};

/**
 * The fields every tax document (invoice, credit note) has: its number in its series, the
 * parties, and the figures. Each schema adds its own and gets the series' unique index here.
 */
export function taxDocumentSchema<T>(own: SchemaDefinition): Schema<T> {
  const schema = new Schema<T>(
    {
      number: { type: String, required: true },
      series: { type: String, required: true },
      sequence: { type: Number, required: true },
      issuedAt: { type: Date, required: true },
      merchantOrderId: { type: String, required: true },
      accountId: { type: String, default: null },
      seller: party,
      buyer: party,
      placeOfSupply: party,
      sac: { type: String, required: true },
      ratePercent: { type: Number, required: true },
      plan: { type: String, required: true },
      billingPeriod: { type: String, required: true },
      taxYears: { type: [Number], default: undefined },
      totalPaise: { type: Number, required: true },
      taxablePaise: { type: Number, required: true },
      cgstPaise: { type: Number, required: true },
      sgstPaise: { type: Number, required: true },
      igstPaise: { type: Number, required: true },
      ...own,
    },
    { versionKey: false },
  );
  // The series' numbers are unique in the database itself: see numberedDocuments.
  schema.index({ series: 1, sequence: 1 }, { unique: true });
  schema.index({ issuedAt: 1 });
  // a buyer's documents in number order
  schema.index({ accountId: 1, sequence: 1 });
  return schema;
}

/** Each round loses only to a document that took the number; 50 payments at once need far fewer. */
const MAX_ROUNDS = 200;
const WITHOUT_ID = { _id: 0 } as const;

type Last = { series: string; sequence: number };

/**
 * A series of numbered tax documents (invoices, credit notes) over a collection whose schema has a
 * unique index on `{series, sequence}` and one on `key`. The next number is the series' highest
 * plus one, and the unique index, not a lock, settles a race: the loser takes the next. A number
 * exists only as an issued document, so the series has no gaps and no duplicates, across replicas.
 */
export function numberedDocuments<T extends Numbered, K extends keyof T & string>(model: Model<T>, key: K) {
  const findBy = (value: string) => model.findOne({ [key]: { $eq: value } } as never, WITHOUT_ID).lean<T>();
  const highest = (series: string) =>
    model
      .findOne({ series: { $eq: series } } as never, { series: 1, sequence: 1 })
      .sort({ sequence: -1 })
      .lean<Last>();
  /**
   * The first round guesses from the newest document, one step along the `_id` index in any store
   * (the embedded one sorts by another field in memory, reading the whole series at every issue).
   * Ids made by two processes in the same second may sort against their numbers; a guess that low
   * is taken already (the series has no gaps), so its insert fails and the next round reads the
   * highest, as does a first round whose newest document is of another series (a new year's).
   */
  const guessed = async (series: string) => {
    const newest = await model.findOne({}, { series: 1, sequence: 1 }).sort({ _id: -1 }).lean<Last>();
    // an empty collection holds no series at all
    return !newest || newest.series === series ? newest : highest(series);
  };
  return {
    ready: model.init(),
    findBy,
    async issue(draft: Omit<T, 'number' | 'series' | 'sequence'>, series: string, numberOf: (sequence: number) => string): Promise<T> {
      const keyValue = String((draft as Record<string, unknown>)[key]);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const last = await (round === 0 ? guessed(series) : highest(series));
        const sequence = (last?.sequence ?? 0) + 1;
        try {
          const saved = await new model({ ...draft, series, sequence, number: numberOf(sequence) }).save();
          // the document as stored, as a read would give it: without its _id and version
          const { _id, ...issued } = saved.toObject<T>({ versionKey: false });
          return issued as T;
        } catch (error) {
          // The key's unique index refuses a second document for it (a retried issue, another
          // replica's): that one is the answer. Otherwise another document took this number.
          if (!isDuplicateKeyError(error)) throw error;
          const existing = await findBy(keyValue);
          if (existing) return existing;
        }
      }
      throw new Error(`no free number in series ${series} after ${MAX_ROUNDS} rounds`);
    },
    /** Documents issued in [from, to), in number order. */
    issuedBetween: (from: Date, to: Date) =>
      model
        .find({ issuedAt: { $gte: from, $lt: to } } as never, WITHOUT_ID)
        .sort({ series: 1, sequence: 1 })
        .lean<T[]>(),
    forUser: (accountId: string) =>
      model
        .find({ accountId: { $eq: accountId } } as never, WITHOUT_ID)
        .sort({ sequence: -1 })
        .lean<T[]>(),
    async detachUser(accountId: string) {
      return (await model.updateMany({ accountId: { $eq: accountId } } as never, { $set: { accountId: null } } as never)).modifiedCount;
    },
  };
}
