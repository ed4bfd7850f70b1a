import type { FirmRole, InvitableRole } from '@portal/contracts';
import type { UserStore } from '../../shared/ports';

/** What the firm rules need from the outside world: the firm store and the read model of billing's seats (data/). */

export interface FirmRecord {
  id: string;
  name: string;
  ownerId: string;
  /** Every member signs in with a second factor. */
  requireSecondFactor: boolean;
  createdAt: Date;
}

/** A person in a firm; each membership holds one of the firm's seats. */
export interface MembershipRecord {
  firmId: string;
  userId: string;
  email: string;
  name: string;
  role: FirmRole;
  joinedAt: Date;
  /** The seat held, numbered from 0 (the owner's); set when read. */
  seat?: number;
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface InvitationRecord {
  id: string;
  firmId: string;
  email: string;
  role: InvitableRole;
  /** Only the hash of the link's secret is kept. */
  tokenHash: string;
  invitedBy: string;
  status: InvitationStatus;
  createdAt: Date;
  expiresAt: Date;
}

/** The outcome of taking a seat: joined, a member already, or every seat in use. */
export type SeatClaim = 'joined' | 'member' | 'full';

export interface FirmStore {
  create(firm: { name: string; owner: Omit<MembershipRecord, 'firmId' | 'role' | 'joinedAt'>; now: Date }): Promise<FirmRecord>;
  find(firmId: string): Promise<FirmRecord | null>;
  findMany(firmIds: string[]): Promise<FirmRecord[]>;
  /** A page of all the firms, newest first, and how many there are (the admin's Firms tab). */
  page(skip: number, limit: number): Promise<{ firms: FirmRecord[]; total: number }>;
  /** The people of these firms. */
  membersOfMany(firmIds: string[]): Promise<MembershipRecord[]>;
  rename(firmId: string, name: string): Promise<void>;
  setOwner(firmId: string, ownerId: string): Promise<void>;
  setSecondFactorRule(firmId: string, required: boolean): Promise<void>;
  /** The firm, its memberships and its invitations; its id is kept as deleted. */
  delete(firmId: string): Promise<void>;
  /** A page of the firms' ids in order, after `after` (a replay of their states). */
  idsAfter(after: string | null, limit: number): Promise<string[]>;
  /** The same for deleted firms. */
  deletedIdsAfter(after: string | null, limit: number): Promise<string[]>;

  membership(firmId: string, userId: string): Promise<MembershipRecord | null>;
  membershipsOf(userId: string): Promise<MembershipRecord[]>;
  /** The memberships of these people. */
  membershipsOfMany(userIds: string[]): Promise<MembershipRecord[]>;
  members(firmId: string): Promise<MembershipRecord[]>;
  countMembers(firmId: string): Promise<number>;
  /**
   * Takes one of the firm's first `seats` seats for the person. Each seat is a unique key, so two
   * people racing for the last seat cannot both have it, on any store.
   */
  claimSeat(member: Omit<MembershipRecord, 'joinedAt'>, seats: number, now: Date): Promise<SeatClaim>;
  /** Frees the person's seat; false when they held none. */
  removeMember(firmId: string, userId: string): Promise<boolean>;
  setRole(firmId: string, userId: string, role: FirmRole): Promise<boolean>;

  createInvitation(invitation: Omit<InvitationRecord, 'id' | 'status'>): Promise<InvitationRecord>;
  findInvitation(firmId: string, invitationId: string): Promise<InvitationRecord | null>;
  findInvitationByHash(tokenHash: string): Promise<InvitationRecord | null>;
  /** Pending invitations not yet expired at `now`, newest first. */
  pendingInvitations(firmId: string, now: Date): Promise<InvitationRecord[]>;
  /** Moves a pending invitation to `status`, once: false when it was no longer pending. */
  closeInvitation(invitationId: string, status: 'accepted' | 'revoked'): Promise<boolean>;
  /** Undoes an acceptance whose seat could not be had, so the link can be used when one is free. */
  reopenInvitation(invitationId: string): Promise<void>;
}

/** A firm's seats as billing last published them: bought, and the end of the paid period while one runs. */
export interface FirmSeats {
  seats: number;
  paidUntil: Date | null;
}

export type SeatReader = (firmId: string) => Promise<FirmSeats>;

/** What the firm use cases are given by the composition root. */
export interface FirmDeps {
  firms: FirmStore;
  users: Pick<UserStore, 'findById'>;
  seatsOf: SeatReader;
  /** A member left or was removed: the desktop app's sessions on the firm's seat end. */
  onMemberGone: (firmId: string, userId: string) => Promise<void>;
  now: () => Date;
}
