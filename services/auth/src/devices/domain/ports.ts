import type { SecurityLog } from '@portal/platform';
import type { GuessLimit, TokenIssuer } from '../../shared/ports';

/** What the desktop's device sign-in needs from the outside world: its authorizations and sessions. */

export type DeviceAuthorizationStatus = 'pending' | 'approved' | 'denied' | 'used';

/** One RFC 8628 sign-in of the desktop app: the device code is kept only as its hash. */
export interface DeviceAuthorization {
  deviceCodeHash: string;
  userCode: string;
  deviceName: string;
  status: DeviceAuthorizationStatus;
  userId: string | null;
  email: string | null;
  /** The firm the person chose for the app; null for their own plan. */
  firmId?: string | null;
  intervalSeconds: number;
  lastPolledAt: Date | null;
  expiresAt: Date;
}

export type PollOutcome =
  | { kind: 'unknown' | 'expired' | 'slow_down' | 'pending' | 'denied' | 'used' }
  | { kind: 'approved'; userId: string; email: string; deviceName: string; firmId: string | null };

export interface DeviceAuthorizationStore {
  create(authorization: Omit<DeviceAuthorization, 'status' | 'userId' | 'email' | 'lastPolledAt'>): Promise<boolean>;
  /** A pending, unexpired authorization by its user code. */
  findPending(userCode: string, now: Date): Promise<DeviceAuthorization | null>;
  /** Approves or denies a pending authorization, once, by whoever decides first; false when it is no longer pending. */
  decide(
    userCode: string,
    now: Date,
    decision: { status: 'approved'; userId: string; email: string; firmId: string | null } | { status: 'denied' },
    deciderId: string,
  ): Promise<boolean>;
  /**
   * One poll: an approved authorization is handed out to exactly one poll, then used (a used one is
   * said so at once); otherwise a poll too soon after the last is slow_down (and the interval grows
   * by 5 s, RFC 8628 §3.5).
   */
  poll(deviceCodeHash: string, now: Date): Promise<PollOutcome>;
  deleteForUser(userId: string): Promise<void>;
}

/** A signed-in desktop app: its refresh token, kept as a hash and replaced on each use. */
export interface DesktopSession {
  id: string;
  userId: string;
  email: string;
  deviceName: string;
  /** The firm whose seat the app works on; null for the person's own plan. */
  firmId: string | null;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

/**
 * What became of a refresh token: swapped for the next one; already swapped before (a reuse, which
 * signals theft); beaten by another use of it at the same moment; or not a live one at all.
 */
export type RotationOutcome =
  { kind: 'rotated'; session: DesktopSession } | { kind: 'reused'; session: DesktopSession } | { kind: 'raced' | 'unknown' };

export interface DesktopSessionStore {
  create(session: Omit<DesktopSession, 'id' | 'createdAt' | 'lastUsedAt'> & { refreshHash: string; now: Date }): Promise<DesktopSession>;
  /**
   * Swaps a live refresh token for the next one, once. `sessionId` is the session the token names,
   * when it names one (tokens issued before they did are found by their hash).
   */
  rotate(
    presented: { sessionId?: string; refreshHash: string },
    next: { refreshHash: string; expiresAt: Date },
    now: Date,
  ): Promise<RotationOutcome>;
  forUser(userId: string): Promise<DesktopSession[]>;
  /** Ends one of the user's sessions; false when there is none with this id. */
  revoke(userId: string, sessionId: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<void>;
}

/** What the device sign-in and the desktop sessions are given by the composition root. */
export interface DeviceGrantDeps {
  devices: DeviceAuthorizationStore;
  sessions: DesktopSessionStore;
  tokens: TokenIssuer;
  /** The approving session did not show the person's second factor: they sign in again with it. */
  secondFactorMissing: (user: { userId: string; methods?: string[] }) => Promise<boolean>;
  /** Whether the person belongs to the firm they chose for the app. */
  isMember: (firmId: string, userId: string) => Promise<boolean>;
  publicUrl: string;
  accessTokenSeconds: number;
  sessionDays: number;
  /** Wrong user codes typed by one user or from one address (RFC 8628 §5.1: the code is short). */
  userCodeGuesses: GuessLimit;
  /** A rotated refresh token came back: the session was ended, and someone should know. */
  onRefreshReuse: (session: DesktopSession) => void;
  /** A desktop session began: the person hears of a desktop not seen before (sign-in-alert.ts). */
  onNewSession: (session: DesktopSession, address: string) => Promise<void>;
  securityLog: SecurityLog;
  now?: () => Date;
}
