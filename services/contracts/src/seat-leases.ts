import { z } from 'zod';
import { ERROR_CODES } from './error';
import { deviceIdSchema } from './device-id';
import { versionSchema } from './download';
import { objectIdSchema } from './ids';

/**
 * Floating seats: on a firm's plan whose seats float, any number of the firm's PCs may be
 * activated and at most the seats bought run at once. The app checks a seat out when it starts (a
 * lease), renews it by a heartbeat, and releases it when it closes; a lease not renewed for
 * `LEASE_SILENCE_MINUTES` is free for the next PC. A seat may be borrowed for up to
 * `BORROW_MAX_DAYS` offline.
 */
export const SEATINGS = ['named', 'floating'] as const;
export type Seating = (typeof SEATINGS)[number];

export const LEASE_SILENCE_MINUTES = 15;
export const LEASE_SILENCE_MS = LEASE_SILENCE_MINUTES * 60 * 1000;
/** How often the app renews its lease: a third of the silence, so two lost heartbeats keep the seat. */
export const HEARTBEAT_SECONDS = 300;
export const BORROW_MAX_DAYS = 7;

export const SEAT_LEASE_ERRORS = {
  seatsTaken: ERROR_CODES.seatsTaken,
  leaseLost: ERROR_CODES.leaseLost,
  seatsNotFloating: ERROR_CODES.seatsNotFloating,
} as const;

export const SEAT_LEASE_MESSAGES = {
  seatsTaken: (seats: number) =>
    `All ${seats} ${seats === 1 ? 'seat' : 'seats'} of your firm are in use. Ask a colleague to close the app, or your firm’s owner to free a seat.`,
  leaseLost: 'This PC no longer holds a seat of your firm. Check one out again.',
  seatsNotFloating: 'Your plan’s seats belong to named people; they are not shared between PCs.',
  borrowDays: `Borrow a seat for 1 to ${BORROW_MAX_DAYS} days`,
  leaseNotFound: 'No seat is held with this id',
  noFirm: 'Floating seats belong to a firm: choose the firm.',
  notYours: 'Only your firm’s owner or an admin may free a seat another person holds.',
  freed: 'The seat is free',
  released: 'The seat is released',
} as const;

export const leaseRequestSchema = z.object({ deviceId: deviceIdSchema, appVersion: versionSchema });
export type LeaseRequest = z.infer<typeof leaseRequestSchema>;
export const leaseReleaseSchema = z.object({ deviceId: deviceIdSchema });
export const borrowRequestSchema = leaseRequestSchema.extend({
  days: z
    .number({ error: SEAT_LEASE_MESSAGES.borrowDays })
    .int(SEAT_LEASE_MESSAGES.borrowDays)
    .min(1, SEAT_LEASE_MESSAGES.borrowDays)
    .max(BORROW_MAX_DAYS, SEAT_LEASE_MESSAGES.borrowDays),
});
export type BorrowRequest = z.infer<typeof borrowRequestSchema>;
export const leaseIdSchema = objectIdSchema(SEAT_LEASE_MESSAGES.leaseNotFound);

/** A seat held by a PC: renewed by its heartbeat (`lease`), or taken offline until a day (`borrow`). */
export interface SeatLeaseView {
  id: string;
  firmId: string;
  userId: string;
  email: string;
  deviceId: string;
  deviceName: string;
  kind: 'lease' | 'borrow';
  /** When the PC took the seat. */
  since: string;
  /** Its last heartbeat (a lease), or when it was borrowed. */
  renewedAt: string;
  /** When the seat is free unless renewed; a borrow's end. */
  expiresAt: string;
}

/** A firm's seats as its owner sees them: how many, and who holds which. */
export interface FirmSeatsView {
  seating: Seating;
  seats: number;
  leases: SeatLeaseView[];
}

/** What the app is given for a seat: the lease, and a licence that ends with it. */
export interface SeatLeaseResponse {
  lease: SeatLeaseView;
  license: string;
  expiresAt: string;
  heartbeatSeconds: number;
}
