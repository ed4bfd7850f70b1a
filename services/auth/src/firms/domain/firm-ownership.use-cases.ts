import { FIRM_MESSAGES, formatIndianDate } from '@portal/contracts';
import { conflict, notFound } from '@portal/platform/errors';
import { signedInPerson } from '../../shared/signed-in-person';
import { requireFirmRole } from './firm-access';
import type { FirmDeps, FirmStore } from './ports';

/** What only a firm's owner does, and what an owner's account deletion must respect. */
export function firmOwnershipUseCases({ firms, users, seatsOf, now }: Pick<FirmDeps, 'firms' | 'users' | 'seatsOf' | 'now'>) {
  return {
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

    ...departingAccounts(firms),
  };
}

function departingAccounts(firms: FirmStore) {
  return {
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
