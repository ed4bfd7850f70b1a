import type { z } from 'zod';
import type { FileLicenseClaims, LicenseClaims, ReleaseChannel } from '@portal/contracts';

type SignedClaims = Omit<LicenseClaims, 'iss' | 'aud' | 'jti' | 'iat' | 'nbf' | 'exp'> &
  Partial<Pick<FileLicenseClaims, 'activation' | 'cnf'>>;

/** A machine the desktop app runs on, activated against the plan's device limit. */
export interface ActivationRecord {
  userId: string;
  deviceId: string;
  deviceName: string;
  os: string;
  appVersion: string;
  active: boolean;
  activatedAt: Date;
  lastSeenAt: Date;
  /** Activated on a firm's plan: it stays on that firm's, and ends with the membership. */
  firmId?: string | null;
  /**
   * Activated by file: the RFC 7638 thumbprint of the device key that signed the
   * request, which a later request or deactivation file for this device must be signed with, and
   * the id of the licence file issued, which a deactivation file names.
   */
  keyThumbprint?: string | null;
  fileLicenceJti?: string | null;
}

export interface ActivationStore {
  find(userId: string, deviceId: string): Promise<ActivationRecord | null>;
  active(userId: string): Promise<ActivationRecord[]>;
  /** The machines active on a firm's seats, all its people's. */
  activeOnFirm(firmId: string): Promise<ActivationRecord[]>;
  /** Activates (again) or refreshes one machine's record. */
  save(record: ActivationRecord): Promise<ActivationRecord>;
  /** false when the device was not active. */
  deactivate(userId: string, deviceId: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}

export interface LicenseSigner {
  /** Adds iss, aud, jti, iat, nbf and exp; a licence issued to a file carries its activation and key binding too. */
  sign(claims: SignedClaims, issuedAt: Date, expiresAt: Date, jti?: string): Promise<string>;
  jwks(): Promise<{ keys: Record<string, unknown>[] }>;
}

/** A release channel's minimum version (download's), or none; never throws: unknown is none. */
export interface ReleaseChannels {
  minimum(channel: ReleaseChannel): Promise<{ minimumVersion: string; message: string } | null>;
}

/** A seat's licence moved to another machine by its holder, or one more move an admin allowed. */
export interface DeviceMoveRecord {
  userId: string;
  /** The seat: the person's own plan (null), or their seat on a firm's. */
  firmId: string | null;
  kind: 'move' | 'grant';
  deviceId: string | null;
  by: string;
  at: Date;
}

export interface DeviceMoveStore {
  record(move: DeviceMoveRecord): Promise<void>;
  /** The seat's moves and grants after `since`, oldest first. */
  since(userId: string, firmId: string | null, since: Date): Promise<DeviceMoveRecord[]>;
  deleteForUser(userId: string): Promise<void>;
}

/** A file the desktop app signed with its device key, checked: what it says, and the key's RFC 7638 thumbprint. */
export interface DeviceSigned<T> {
  claims: T;
  keyThumbprint: string;
}

/** Reads a file the desktop app signed; refuses, with a 400 that says what to do, one whose signature, age or contents do not hold. */
export type DeviceSignatureReader = <T>(
  file: string,
  options: { type: string; claims: z.ZodType<T>; now: Date; maxAgeDays?: number },
) => Promise<DeviceSigned<T>>;

/** A floating seat of a firm held by one PC: slot `slot` of the seats bought, until `expiresAt`. */
export interface SeatLeaseRecord {
  id: string;
  firmId: string;
  /** Which of the firm's seats (0 … seats − 1): one lease a slot, so two PCs never take the same seat. */
  slot: number;
  userId: string;
  email: string;
  deviceId: string;
  deviceName: string;
  kind: 'lease' | 'borrow';
  since: Date;
  renewedAt: Date;
  expiresAt: Date;
}

export type NewSeatLease = Omit<SeatLeaseRecord, 'id' | 'slot' | 'firmId'>;

export interface SeatLeaseStore {
  /** The firm's seats held at `at`, oldest first. */
  held(firmId: string, at: Date): Promise<SeatLeaseRecord[]>;
  /** The seat this PC holds at `at`, if any. */
  ofDevice(firmId: string, deviceId: string, at: Date): Promise<SeatLeaseRecord | null>;
  /**
   * Takes the first of `slots` free at `at` (never held, or its holder silent past its expiry);
   * null when every one is held. The slot's unique key decides between PCs asking at once.
   */
  take(firmId: string, slots: number, lease: NewSeatLease, at: Date): Promise<SeatLeaseRecord | null>;
  /** Moves a held seat's expiry (a heartbeat, or a borrow); null when the PC holds none at `at`. */
  renew(
    firmId: string,
    deviceId: string,
    at: Date,
    change: Pick<SeatLeaseRecord, 'kind' | 'renewedAt' | 'expiresAt'>,
  ): Promise<SeatLeaseRecord | null>;
  /** Frees a seat by its id, or the one a PC holds; the freed lease, or null when there was none. */
  free(firmId: string, which: { id: string } | { deviceId: string }): Promise<SeatLeaseRecord | null>;
  /** Every seat of the firm freed (its plan ended); how many were held. */
  freeAll(firmId: string): Promise<number>;
  /** The seats held by a person's PCs, or on the firms given, at `at`. */
  heldBy(userId: string, firmIds: string[], at: Date): Promise<SeatLeaseRecord[]>;
  deleteForUser(userId: string): Promise<void>;
}
