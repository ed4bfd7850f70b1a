import { Schema, type Connection } from 'mongoose';
import type { FirmSeatsChangedEvent } from '@portal/contracts/internal';
import { revisionedState, type KeyLock } from '@portal/platform';

export interface FirmSeatsDocument {
  _id: string;
  revision: number;
  seats: number;
  paidUntil: string | null;
}

const firmSeatsSchema = new Schema<FirmSeatsDocument>(
  {
    _id: String,
    revision: { type: Number, required: true },
    seats: { type: Number, required: true },
    paidUntil: { type: String, default: null },
  },
  { versionKey: false },
);

/** auth's read model of billing's seats: the newest `firm.seats-changed` of each firm. */
export function firmSeatsRepository(connection: Connection, lock: KeyLock) {
  const FirmSeats = connection.model<FirmSeatsDocument>('FirmSeats', firmSeatsSchema, 'firm_seats');
  const write = revisionedState(FirmSeats, lock, 'firm-seats');
  return {
    ready: FirmSeats.init(),
    apply: ({ firmId, revision, seats, paidUntil }: FirmSeatsChangedEvent) => write({ _id: firmId, revision, seats, paidUntil }),
    async find(firmId: string): Promise<Pick<FirmSeatsChangedEvent, 'seats' | 'paidUntil'> | null> {
      return FirmSeats.findById(firmId, { _id: 0, seats: 1, paidUntil: 1 }).lean<FirmSeatsDocument>();
    },
  };
}
