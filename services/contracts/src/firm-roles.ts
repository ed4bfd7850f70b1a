/**
 * Firm accounts: an office's people share one subscription's seats. Schema-free, so
 * the pages can read the roles and texts without zod; the call shapes are in firms.ts.
 */

/** owner: everything, and passing ownership on; admin: members and billing; member: the software. */
export const FIRM_ROLES = ['owner', 'admin', 'member'] as const;
export type FirmRole = (typeof FIRM_ROLES)[number];
/** The roles an invitation or a role change can give; ownership passes only by a transfer. */
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Who may manage the members and the billing of a firm. */
export const canManageFirm = (role: FirmRole) => role === 'owner' || role === 'admin';

export const FIRM_INVITATION_DAYS = 7;
export const FIRM_SEAT_RANGE = { min: 1, max: 50 } as const;
/** A person belongs to at most this many firms, which bounds the desktop app's choice. */
export const MAX_FIRMS_PER_PERSON = 10;

export const FIRM_MESSAGES = {
  created: 'Firm created. You are its owner.',
  renamed: 'Firm details saved.',
  notFound: 'Firm not found',
  notAllowed: 'Only the owner or an admin of the firm can do this.',
  ownerOnly: 'Only the owner of the firm can do this.',
  tooManyFirms: `You can belong to at most ${MAX_FIRMS_PER_PERSON} firms.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
  noFreeSeat: (seats: number) =>
    `All ${seats} ${seats === 1 ? 'seat is' : 'seats are'} in use. Buy more seats, or remove a member, before inviting someone.`,
  seatsTaken: 'All seats of this firm are in use. Ask the firm to buy more seats or free one, then open the invitation again.',
  alreadyMember: 'This person is already a member of the firm.',
  alreadyInvited: (email: string) => `An invitation to ${email} is already pending. Revoke it to send a new one.`,
  invitationNotFound: 'This invitation link is not valid.',
  invitationExpired: 'This invitation has expired. Ask the firm for a new one.',
  invitationRevoked: 'This invitation was withdrawn by the firm.',
  invitationUsed: 'This invitation has already been accepted.',
  invitationForSomeoneElse: (email: string) => `This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`,
  invitationRevokedDone: 'Invitation withdrawn.',
  accepted: (firm: string) => `You joined ${firm}.`,
  memberNotFound: 'This person is not a member of the firm.',
  memberRemoved: 'Member removed. Their seat is free.',
  left: (firm: string) => `You left ${firm}.`,
  ownerCannotLeave: 'The owner cannot leave the firm. Pass ownership to another member first.',
  ownerCannotBeRemoved: 'The owner cannot be removed from the firm.',
  roleChanged: 'Role changed.',
  transferred: (name: string) => `${name} is now the owner of the firm.`,
  transferToSelf: 'You already own this firm.',
  deleted: 'Firm deleted.',
  paidPeriodRunning: (until: string) =>
    `The firm has a paid period running until ${until}. Delete the firm after it ends, or cancel it and wait for the end.`,
  seatsNeedFirm: 'A person buys one seat. To buy more, create a firm on your profile and buy its plan there.',
  seatsRange: `Seats must be a whole number from ${FIRM_SEAT_RANGE.min} to ${FIRM_SEAT_RANGE.max}`,
  seatsBelowMembers: (members: number) =>
    `${members} people use this firm's seats. Remove members before choosing fewer than ${members} seats.`,
  secondFactorRequired: 'Members of this firm now sign in with a second factor. Those without one set it up at their next sign-in.',
  secondFactorOptional: "A second factor is no longer required of the firm's members.",
  ownSecondFactorFirst: 'Set up your own second factor on your profile (Security and Privacy) before requiring one of the members.',
  ownsFirmWithMembers: (firms: string) =>
    `This person owns ${firms}, which other people belong to. Ownership must pass to another member before the account can be deleted.`,
} as const;

/** A firm as one of its people sees it in their list. */
export interface FirmSummary {
  id: string;
  name: string;
  role: FirmRole;
}

export interface FirmMember {
  userId: string;
  email: string;
  name: string;
  role: FirmRole;
  joinedAt: string;
}

export interface FirmInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

/**
 * GET /api/firms/:firmId. `invitations` only for the owner and admins, who manage them; `seats`
 * are the firm's bought seats and how many its members use.
 */
export interface FirmDetails {
  id: string;
  name: string;
  role: FirmRole;
  owner: { userId: string; email: string; name: string };
  seats: { bought: number; used: number };
  members: FirmMember[];
  invitations?: FirmInvitation[];
  /** The owner requires every member to sign in with a second factor. */
  requireSecondFactor: boolean;
  createdAt: string;
}

/** GET /api/firm-invitations/:token: what the invitation page shows before the person accepts. */
export interface FirmInvitationPreview {
  firmName: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  expiresAt: string;
}
