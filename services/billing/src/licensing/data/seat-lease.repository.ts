import { Schema, Types, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@portal/platform/errors';
import type { SeatLeaseRecord, SeatLeaseStore } from '../domain/ports';

type SeatLeaseDocument = Omit<SeatLeaseRecord, 'id'> & { _id: Types.ObjectId };

const seatLeaseSchema = new Schema<SeatLeaseDocument>(
  {
    firmId: { type: String, required: true },
    slot: { type: Number, required: true },
    userId: { type: String, required: true },
    email: { type: String, required: true },
    deviceId: { type: String, required: true },
    deviceName: { type: String, required: true },
    kind: { type: String, enum: ['lease', 'borrow'], required: true },
    since: { type: Date, required: true },
    renewedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// one record a seat: a silent holder's record is taken over in place, never a second beside it
seatLeaseSchema.index({ firmId: 1, slot: 1 }, { unique: true });
seatLeaseSchema.index({ firmId: 1, deviceId: 1 });
// a firm's seats, and a customer's in the admin area, in the order they were taken
seatLeaseSchema.index({ firmId: 1, since: 1, _id: 1 });
seatLeaseSchema.index({ userId: 1 });

const toRecord = ({ _id, ...rest }: SeatLeaseDocument): SeatLeaseRecord => ({ id: _id.toHexString(), ...rest });

/** A firm's floating seats, one record per seat slot; a lease past its expiry is free whatever it still says. */
export function seatLeaseRepository(connection: Connection): SeatLeaseStore & { ready: Promise<unknown> } {
  const Lease = connection.model<SeatLeaseDocument>('SeatLease', seatLeaseSchema, 'seat_leases');
  const live = (firmId: string, at: Date) => ({ firmId: { $eq: firmId }, expiresAt: { $gt: at } });
  const lean = { returnDocument: 'after', lean: true } as const;
  return {
    ready: Lease.init(),
    held: async (firmId, at) => (await Lease.find(live(firmId, at)).sort({ since: 1, _id: 1 }).lean<SeatLeaseDocument[]>()).map(toRecord),
    async ofDevice(firmId, deviceId, at) {
      const found = await Lease.findOne({ ...live(firmId, at), deviceId: { $eq: deviceId } }).lean<SeatLeaseDocument>();
      return found && toRecord(found);
    },
    async take(firmId, slots, lease, at) {
      for (let slot = 0; slot < slots; slot++) {
        // a silent holder's record goes first; a held slot makes the insert collide on its unique key
        await Lease.deleteOne({ firmId: { $eq: firmId }, slot: { $eq: slot }, expiresAt: { $lte: at } });
        try {
          const taken = await Lease.create({ ...lease, firmId, slot });
          return toRecord(taken.toObject());
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      return null;
    },
    async renew(firmId, deviceId, at, change) {
      const renewed = await Lease.findOneAndUpdate({ ...live(firmId, at), deviceId: { $eq: deviceId } }, { $set: change }, lean);
      return renewed ? toRecord(renewed as SeatLeaseDocument) : null;
    },
    async free(firmId, which) {
      const match = 'id' in which ? { _id: new Types.ObjectId(which.id) } : { deviceId: { $eq: which.deviceId } };
      const freed = await Lease.findOneAndDelete({ firmId: { $eq: firmId }, ...match }).lean<SeatLeaseDocument>();
      return freed && toRecord(freed);
    },
    freeAll: async (firmId) => (await Lease.deleteMany({ firmId: { $eq: firmId } })).deletedCount,
    async heldBy(userId, firmIds, at) {
      const whose = { $or: [{ userId: { $eq: userId } }, { firmId: { $in: firmIds } }] };
      return (
        await Lease.find({ ...whose, expiresAt: { $gt: at } })
          .sort({ since: 1, _id: 1 })
          .lean<SeatLeaseDocument[]>()
      ).map(toRecord);
    },
    async deleteForUser(userId) {
      await Lease.deleteMany({ userId: { $eq: userId } });
    },
  };
}
