import {
  FIRM_MESSAGES,
  formatIndianDate,
  MAX_FIRMS_PER_PERSON,
  type FirmDetails,
  type FirmSummary,
  type InvitableRole,
} from '@portal/contracts';
import type { InternalFirmsAnswer, InternalUserFirmsAnswer, InternalUserFirmsLookupAnswer } from '@portal/contracts/internal';
import { conflict, forbidden, notFound } from '@portal/platform/errors';
import { displayName, requireFirmRole, signedInPerson } from './firm-access';
import type { FirmStore, MembershipRecord, SeatReader } from './firm-ports';
import type { UserStore } from './ports';

export interface FirmDeps {
  firms: FirmStore;
  users: Pick<UserStore, 'findById'>;
  seatsOf: SeatReader;
  /** A member left or was removed: the desktop app's sessions on the firm's seat end. */
  onMemberGone: (firmId: string, userId: string) => Promise<void>;
  now: () => Date;
}

const iso = (date: Date) => date.toISOString();

/**
 * A firm, its members, their roles and its ownership. The seats are billing's: a firm
 * has the seats billing last published for it (firm-events.use-cases), one (the owner's) until it
 * buys more.
 */
export function firmUseCases({ firms, users, seatsOf, onMemberGone, now }: FirmDeps) {
  async function summaries(memberships: MembershipRecord[]): Promise<FirmSummary[]> {
    const byId = new Map((await firms.findMany(memberships.map((m) => m.firmId))).map((firm) => [firm.id, firm]));
    return memberships.flatMap(({ firmId, role }) => {
      const firm = byId.get(firmId);
      return firm ? [{ id: firm.id, name: firm.name, role }] : [];
    });
  }

  async function memberLeaves(firmId: string, userId: string): Promise<void> {
    if (!(await firms.removeMember(firmId, userId))) throw notFound(FIRM_MESSAGES.memberNotFound);
    await onMemberGone(firmId, userId);
  }

  async function leave(firmId: string, userId: string): Promise<string> {
    const membership = await requireFirmRole(firms, firmId, userId, 'see');
    if (membership.role === 'owner') throw conflict(FIRM_MESSAGES.ownerCannotLeave);
    const firm = await firms.find(firmId);
    await memberLeaves(firmId, userId);
    return FIRM_MESSAGES.left(firm?.name ?? 'the firm');
  }

  return {
    async listMine(userId: string): Promise<FirmSummary[]> {
      return summaries(await firms.membershipsOf(userId));
    },

    /** Anyone may found a firm, and becomes its owner on its first seat. */
    async create(userId: string, name: string): Promise<FirmSummary> {
      const user = await signedInPerson(users, userId);
      if ((await firms.membershipsOf(user.id)).length >= MAX_FIRMS_PER_PERSON) throw conflict(FIRM_MESSAGES.tooManyFirms);
      const firm = await firms.create({ name, owner: { userId: user.id, email: user.email, name: displayName(user) }, now: now() });
      return { id: firm.id, name: firm.name, role: 'owner' };
    },

    /** The firms of many people, for the admin's users export; people in no firm are left out. */
    async firmsOfMany(userIds: string[]): Promise<InternalUserFirmsLookupAnswer> {
      const memberships = await firms.membershipsOfMany(userIds);
      const names = new Map((await firms.findMany([...new Set(memberships.map((m) => m.firmId))])).map((firm) => [firm.id, firm.name]));
      const answer: InternalUserFirmsLookupAnswer = { firms: {} };
      for (const { userId, firmId, role } of memberships) {
        const name = names.get(firmId);
        if (name) (answer.firms[userId] ??= []).push({ id: firmId, name, role });
      }
      return answer;
    },

    /** A page of every firm with its people, newest first, for the admin's Firms tab. */
    async adminPage(page: number, limit: number): Promise<InternalFirmsAnswer> {
      const { firms: found, total } = await firms.page((page - 1) * limit, limit);
      const people = await firms.membersOfMany(found.map((firm) => firm.id));
      return {
        firms: found.map((firm) => ({
          id: firm.id,
          name: firm.name,
          createdAt: firm.createdAt.toISOString(),
          members: people
            .filter((member) => member.firmId === firm.id)
            .sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0))
            .map(({ userId, name, email, role }) => ({ userId, name, email, role })),
        })),
        total,
      };
    },

    /** The person's firms, for the plan they draw on as a member: each with its owner's name. */
    async firmsOf(userId: string): Promise<InternalUserFirmsAnswer> {
      const memberships = await firms.membershipsOf(userId);
      const found = await firms.findMany(memberships.map((membership) => membership.firmId));
      const owners = await Promise.all(found.map((firm) => firms.membership(firm.id, firm.ownerId)));
      return {
        firms: found.flatMap((firm, index) => {
          const membership = memberships.find((candidate) => candidate.firmId === firm.id);
          if (!membership) return [];
          const owner = owners[index];
          return [
            {
              id: firm.id,
              name: firm.name,
              role: membership.role,
              managedBy: owner?.name || owner?.email || '',
              seat: (membership.seat ?? 0) + 1,
            },
          ];
        }),
      };
    },

    async details(firmId: string, userId: string): Promise<FirmDetails> {
      const { role } = await requireFirmRole(firms, firmId, userId, 'see');
      const manages = role !== 'member';
      const [firm, members, seats, invitations] = await Promise.all([
        firms.find(firmId),
        firms.members(firmId),
        seatsOf(firmId),
        manages ? firms.pendingInvitations(firmId, now()) : Promise.resolve([]),
      ]);
      if (!firm) throw notFound(FIRM_MESSAGES.notFound);
      const owner = members.find((member) => member.userId === firm.ownerId);
      return {
        id: firm.id,
        name: firm.name,
        role,
        owner: { userId: firm.ownerId, email: owner?.email ?? '', name: owner?.name ?? '' },
        seats: { bought: seats.seats, used: members.length },
        members: members.map((member) => ({
          userId: member.userId,
          email: member.email,
          name: member.name,
          role: member.role,
          joinedAt: iso(member.joinedAt),
        })),
        ...(manages && {
          invitations: invitations.map((invitation) => ({
            id: invitation.id,
            email: invitation.email,
            role: invitation.role,
            invitedBy: invitation.invitedBy,
            createdAt: iso(invitation.createdAt),
            expiresAt: iso(invitation.expiresAt),
          })),
        }),
        requireSecondFactor: firm.requireSecondFactor,
        createdAt: iso(firm.createdAt),
      };
    },

    async rename(firmId: string, userId: string, name: string): Promise<string> {
      await requireFirmRole(firms, firmId, userId, 'manage');
      await firms.rename(firmId, name);
      return FIRM_MESSAGES.renamed;
    },

    /** The owner makes a member an admin or an admin a member; ownership passes only by a transfer. */
    async changeRole(firmId: string, callerId: string, targetId: string, role: InvitableRole): Promise<string> {
      await requireFirmRole(firms, firmId, callerId, 'own');
      const target = await firms.membership(firmId, targetId);
      if (!target) throw notFound(FIRM_MESSAGES.memberNotFound);
      if (target.role === 'owner') throw conflict(FIRM_MESSAGES.transferToSelf);
      await firms.setRole(firmId, targetId, role);
      return FIRM_MESSAGES.roleChanged;
    },

    /**
     * The owner removes anyone else; a firm admin removes members, not other admins. The seat is
     * free at once.
     */
    async removeMember(firmId: string, callerId: string, targetId: string): Promise<string> {
      if (callerId === targetId) return leave(firmId, callerId);
      const caller = await requireFirmRole(firms, firmId, callerId, 'manage');
      const target = await firms.membership(firmId, targetId);
      if (!target) throw notFound(FIRM_MESSAGES.memberNotFound);
      if (target.role === 'owner') throw forbidden(FIRM_MESSAGES.ownerCannotBeRemoved);
      if (target.role === 'admin' && caller.role !== 'owner') throw forbidden(FIRM_MESSAGES.ownerOnly);
      await memberLeaves(firmId, targetId);
      return FIRM_MESSAGES.memberRemoved;
    },

    leave,

    /**
     * The owner requires a second factor of every member; members without one set it
     * up at their next sign-in. The owner shows the way: their own comes first.
     */
    async setSecondFactorRule(firmId: string, userId: string, required: boolean): Promise<string> {
      await requireFirmRole(firms, firmId, userId, 'own');
      if (required && !(await signedInPerson(users, userId)).totp) throw conflict(FIRM_MESSAGES.ownSecondFactorFirst);
      await firms.setSecondFactorRule(firmId, required);
      return required ? FIRM_MESSAGES.secondFactorRequired : FIRM_MESSAGES.secondFactorOptional;
    },

    /** The owner passes ownership to a member, and stays on as a firm admin. */
    async transferOwnership(firmId: string, ownerId: string, targetId: string): Promise<string> {
      await requireFirmRole(firms, firmId, ownerId, 'own');
      if (targetId === ownerId) throw conflict(FIRM_MESSAGES.transferToSelf);
      const target = await firms.membership(firmId, targetId);
      if (!target) throw notFound(FIRM_MESSAGES.memberNotFound);
      // the new owner first: a failure half-way leaves two owners for a moment, never none
      await firms.setRole(firmId, targetId, 'owner');
      await firms.setOwner(firmId, targetId);
      await firms.setRole(firmId, ownerId, 'admin');
      return FIRM_MESSAGES.transferred(target.name || target.email);
    },

    /**
     * The owner deletes the firm with its memberships and invitations, once no paid period runs
     * (the seats were paid for). Its invoices stay with billing, as tax records must.
     */
    async delete(firmId: string, userId: string): Promise<string> {
      await requireFirmRole(firms, firmId, userId, 'own');
      const { paidUntil } = await seatsOf(firmId);
      if (paidUntil && paidUntil > now()) throw conflict(FIRM_MESSAGES.paidPeriodRunning(formatIndianDate(paidUntil)));
      await firms.delete(firmId);
      return FIRM_MESSAGES.deleted;
    },

    /**
     * Before an account is deleted: a firm the person owns with others in it would be left without
     * an owner, so the deletion waits for the ownership to pass on.
     */
    async assertAccountCanGo(userId: string): Promise<void> {
      const owned = (await firms.membershipsOf(userId)).filter((membership) => membership.role === 'owner');
      const blocking: string[] = [];
      for (const { firmId } of owned) if ((await firms.countMembers(firmId)) > 1) blocking.push(firmId);
      if (!blocking.length) return;
      const names = (await firms.findMany(blocking)).map((firm) => firm.name);
      throw conflict(FIRM_MESSAGES.ownsFirmWithMembers(names.join(', ')));
    },

    /** After an account is deleted: its seats are free, and the firms it alone belonged to go. */
    async forgetAccount(userId: string): Promise<void> {
      for (const membership of await firms.membershipsOf(userId)) {
        if (membership.role === 'owner') await firms.delete(membership.firmId);
        else await firms.removeMember(membership.firmId, userId);
      }
    },
  };
}
