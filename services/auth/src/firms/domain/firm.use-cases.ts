import { FIRM_MESSAGES, MAX_FIRMS_PER_PERSON, type FirmSummary, type InvitableRole } from '@portal/contracts';
import { conflict, forbidden, notFound } from '@portal/platform/errors';
import { signedInPerson } from '../../shared/signed-in-person';
import { displayName, requireFirmRole } from './firm-access';
import { firmOwnershipUseCases } from './firm-ownership.use-cases';
import { firmReadings } from './firm-readings';
import type { FirmDeps } from './ports';

/**
 * A firm, its members, their roles and its ownership. The seats are billing's: a firm
 * has the seats billing last published for it (firm-events.use-cases), one (the owner's) until it
 * buys more.
 */
export function firmUseCases(deps: FirmDeps) {
  const { firms, users, onMemberGone, now } = deps;

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
    ...firmReadings(deps),
    ...firmOwnershipUseCases(deps),

    /** Anyone may found a firm, and becomes its owner on its first seat. */
    async create(userId: string, name: string): Promise<FirmSummary> {
      const user = await signedInPerson(users, userId);
      if ((await firms.membershipsOf(user.id)).length >= MAX_FIRMS_PER_PERSON) throw conflict(FIRM_MESSAGES.tooManyFirms);
      const firm = await firms.create({ name, owner: { userId: user.id, email: user.email, name: displayName(user) }, now: now() });
      return { id: firm.id, name: firm.name, role: 'owner' };
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
  };
}
