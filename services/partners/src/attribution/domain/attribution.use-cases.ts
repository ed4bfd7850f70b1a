import { PARTNER_MESSAGES } from '@portal/contracts';
import type { AuditPublisher } from '@portal/platform';
import { badRequest, conflict, notFound } from '@portal/platform/errors';
import type { PartnersUseCases } from '../../partners';
import type { AccountsPort } from '../../shared/ports';
import type { AttributionStore } from './ports';

export interface AttributionDeps {
  attributions: AttributionStore;
  partners: Pick<PartnersUseCases, 'find' | 'findByCode'>;
  accounts: Pick<AccountsPort, 'emailOf'>;
  audit: AuditPublisher;
  now: () => Date;
}

/**
 * Which partner serves a customer: chosen by the customer with the partner's code (at sign-up or
 * later), left by the customer, or set by an admin with a reason; one partner at a time.
 */
export function attributionUseCases({ attributions, partners, accounts, audit, now }: AttributionDeps) {
  const target = (userId: string, label: string) => ({ type: 'user', id: userId, label });
  /** The person's partner, since when and how they came to it: their profile's, the admin's and their data's. */
  const mine = async (userId: string) => {
    const attribution = await attributions.find(userId);
    const partner = attribution && (await partners.find(attribution.partnerId));
    if (!attribution || !partner) return { partner: null };
    const { since, source } = attribution;
    return { partner: { legalName: partner.legalName, code: partner.code, since: since.toISOString(), source } };
  };
  return {
    mine,

    async join(customer: { userId: string; email: string }, code: string) {
      const partner = await partners.findByCode(code);
      if (!partner || partner.status !== 'active') throw badRequest(PARTNER_MESSAGES.codeUnknown);
      const claimed = await attributions.claim({ ...customer, partnerId: partner.id, since: now(), source: 'code' });
      if (!claimed) throw conflict(PARTNER_MESSAGES.alreadyHasPartner);
      await audit({
        actor: customer.email,
        action: 'partner.customer-joined',
        target: target(customer.userId, customer.email),
        after: { partnerId: partner.id },
      });
      return { message: PARTNER_MESSAGES.joined(partner.legalName), ...(await mine(customer.userId)) };
    },

    async leave(customer: { userId: string; email: string }) {
      const left = await attributions.remove(customer.userId);
      if (!left) throw notFound(PARTNER_MESSAGES.noPartner);
      await audit({
        actor: customer.email,
        action: 'partner.customer-left',
        target: target(customer.userId, customer.email),
        before: { partnerId: left.partnerId },
      });
      return { message: PARTNER_MESSAGES.left };
    },

    async assign(userId: string, partnerId: string | null, reason: string, actor: string) {
      const email = await accounts.emailOf(userId);
      if (!email) throw notFound('No user with this id');
      if (partnerId && !(await partners.find(partnerId))) throw notFound(PARTNER_MESSAGES.notFound);
      const before = await attributions.find(userId);
      await attributions.replace(userId, partnerId ? { userId, email, partnerId, since: now(), source: 'admin' } : null);
      await audit({
        actor,
        action: 'partner.customer-assigned',
        target: target(userId, email),
        before: { partnerId: before?.partnerId ?? null },
        after: { partnerId, reason },
      });
      return { message: PARTNER_MESSAGES.assigned, ...(await mine(userId)) };
    },

    /** The customer's partner now, for the commission on what they pay. */
    async customerOf(userId: string) {
      const attribution = await attributions.find(userId);
      return attribution ? { partnerId: attribution.partnerId, email: attribution.email } : null;
    },
    deleteUser: (userId: string) => attributions.deleteForUser(userId),
  };
}
export type AttributionUseCases = ReturnType<typeof attributionUseCases>;
