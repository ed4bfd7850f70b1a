import { createHash, randomBytes } from 'node:crypto';
import {
  DAY_MS,
  FIRM_INVITATION_DAYS,
  FIRM_MESSAGES,
  MAX_FIRMS_PER_PERSON,
  type FirmInvitationPreview,
  type InviteBody,
} from '@portal/contracts';
import { conflict, forbidden, gone, notFound } from '@portal/platform/errors';
import { signedInPerson } from '../../shared/signed-in-person';
import type { UserStore } from '../../shared/ports';
import { displayName, requireFirmRole } from './firm-access';
import type { FirmStore, InvitationRecord, SeatReader } from './ports';

export interface FirmInvitationDeps {
  firms: FirmStore;
  users: Pick<UserStore, 'findById' | 'findByEmail'>;
  seatsOf: SeatReader;
  sendInvitation: (invitation: { to: string; firmName: string; inviter: string; token: string; hasAccount: boolean }) => void;
  now: () => Date;
}

/** Only the hash of a link's secret is stored, so a leaked database cannot join anyone to a firm. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Invitations to a firm: sent by the owner or a firm admin while a seat is free, valid
 * for 7 days, withdrawable, accepted once by the person they were sent to. An invitation does not
 * hold a seat: whoever accepts first takes it, and a later acceptance with every seat in use is
 * refused, so the seats are never used twice.
 */
export function firmInvitationUseCases(deps: FirmInvitationDeps) {
  const { firms, users, seatsOf, now } = deps;
  /** The invitation behind a link, while it can still be accepted. */
  async function usable(token: string): Promise<InvitationRecord> {
    const invitation = await firms.findInvitationByHash(hashOf(token));
    if (!invitation) throw notFound(FIRM_MESSAGES.invitationNotFound);
    if (invitation.status === 'revoked') throw gone(FIRM_MESSAGES.invitationRevoked);
    if (invitation.status === 'accepted') throw conflict(FIRM_MESSAGES.invitationUsed);
    if (invitation.expiresAt <= now()) throw gone(FIRM_MESSAGES.invitationExpired);
    return invitation;
  }

  return {
    invite: (firmId: string, inviterId: string, body: InviteBody) => invite(deps, firmId, inviterId, body),

    async revoke(firmId: string, callerId: string, invitationId: string): Promise<string> {
      await requireFirmRole(firms, firmId, callerId, 'manage');
      const invitation = await firms.findInvitation(firmId, invitationId);
      if (!invitation || invitation.status === 'revoked') throw notFound(FIRM_MESSAGES.invitationNotFound);
      if (!(await firms.closeInvitation(invitation.id, 'revoked'))) throw conflict(FIRM_MESSAGES.invitationUsed);
      return FIRM_MESSAGES.invitationRevokedDone;
    },

    /** What the invitation page shows; the secret is the credential, as for a reset link. */
    async preview(token: string): Promise<FirmInvitationPreview> {
      const invitation = await usable(token);
      const firm = await firms.find(invitation.firmId);
      if (!firm) throw notFound(FIRM_MESSAGES.invitationNotFound);
      return {
        firmName: firm.name,
        email: invitation.email,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * The invitee, signed in with the e-mail it was sent to, takes a seat. The link is claimed
     * first, so it is used once; when no seat is free the claim is undone and the link works again
     * once one is.
     */
    async accept(userId: string, token: string): Promise<{ firmId: string; message: string }> {
      const user = await signedInPerson(users, userId);
      const invitation = await usable(token);
      if (invitation.email !== user.email.toLowerCase()) throw forbidden(FIRM_MESSAGES.invitationForSomeoneElse(invitation.email));
      const [firm, memberships] = await Promise.all([firms.find(invitation.firmId), firms.membershipsOf(user.id)]);
      if (!firm) throw notFound(FIRM_MESSAGES.invitationNotFound);
      if (memberships.some((membership) => membership.firmId === firm.id)) throw conflict(FIRM_MESSAGES.alreadyMember);
      if (memberships.length >= MAX_FIRMS_PER_PERSON) throw conflict(FIRM_MESSAGES.tooManyFirms);
      const { seats } = await seatsOf(firm.id);
      if (!(await firms.closeInvitation(invitation.id, 'accepted'))) {
        const current = await firms.findInvitationByHash(invitation.tokenHash);
        throw current?.status === 'revoked' ? gone(FIRM_MESSAGES.invitationRevoked) : conflict(FIRM_MESSAGES.invitationUsed);
      }
      const claim = await firms.claimSeat(
        { firmId: firm.id, userId: user.id, email: user.email, name: displayName(user), role: invitation.role },
        seats,
        now(),
      );
      if (claim === 'member') throw conflict(FIRM_MESSAGES.alreadyMember);
      if (claim === 'full') {
        await firms.reopenInvitation(invitation.id);
        throw conflict(FIRM_MESSAGES.seatsTaken);
      }
      return { firmId: firm.id, message: FIRM_MESSAGES.accepted(firm.name) };
    },
  };
}

/** Sent by the owner or a firm admin while a seat is free, to someone not yet in the firm or invited. */
async function invite(
  { firms, users, seatsOf, sendInvitation, now }: FirmInvitationDeps,
  firmId: string,
  inviterId: string,
  { email, role }: InviteBody,
): Promise<string> {
  await requireFirmRole(firms, firmId, inviterId, 'manage');
  const inviter = await signedInPerson(users, inviterId);
  const at = now();
  const [firm, members, pending, { seats }] = await Promise.all([
    firms.find(firmId),
    firms.members(firmId),
    firms.pendingInvitations(firmId, at),
    seatsOf(firmId),
  ]);
  if (!firm) throw notFound(FIRM_MESSAGES.notFound);
  if (members.some((member) => member.email === email)) throw conflict(FIRM_MESSAGES.alreadyMember);
  if (pending.some((invitation) => invitation.email === email)) throw conflict(FIRM_MESSAGES.alreadyInvited(email));
  if (members.length >= seats) throw conflict(FIRM_MESSAGES.noFreeSeat(seats));
  const token = randomBytes(32).toString('base64url');
  await firms.createInvitation({
    firmId,
    email,
    role,
    tokenHash: hashOf(token),
    invitedBy: inviter.email,
    createdAt: at,
    expiresAt: new Date(at.getTime() + FIRM_INVITATION_DAYS * DAY_MS),
  });
  // the link signs the person in, or up, first: a signed-out visit to /profile would lose it
  const hasAccount = (await users.findByEmail(email)) !== null;
  sendInvitation({ to: email, firmName: firm.name, inviter: displayName(inviter), token, hasAccount });
  return FIRM_MESSAGES.invited(email);
}
