import { PARTNER_MESSAGES, type CreatePartner, type PartnerTier, type TierRates } from '@portal/contracts';
import type { AuditPublisher } from '@portal/platform';
import { forbidden, notFound } from '@portal/platform/errors';
import type { AccountsPort } from '../../shared/ports';
import { newPartnerCode } from './partner-code';
import { partnerView } from './partner-view';
import type { PartnerRecord, PartnerStore, TierRateStore } from './ports';

export interface PartnersDeps {
  partners: PartnerStore;
  rates: TierRateStore;
  accounts: AccountsPort;
  audit: AuditPublisher;
  now: () => Date;
}

const CODE_TRIES = 5;

/** The partner businesses the admins keep: their details, tier, status and staff, and the tiers' rates. */
export function partnersUseCases({ partners, rates, accounts, audit, now }: PartnersDeps) {
  const found = async (id: string) => {
    const partner = await partners.find(id);
    if (!partner) throw notFound(PARTNER_MESSAGES.notFound);
    return partner;
  };
  const audited = async (actor: string, action: string, partner: PartnerRecord, after?: unknown) => {
    await audit({ actor, action, target: { type: 'partner', id: partner.id, label: partner.legalName }, after });
  };

  return {
    async create(body: CreatePartner, actor: string) {
      for (let tries = 0; tries < CODE_TRIES; tries++) {
        const created = await partners.create({ ...body, code: newPartnerCode(), createdAt: now() });
        if (!created) continue;
        await audited(actor, 'partner.created', created, { tier: created.tier, gstin: created.gstin });
        return partnerView(created);
      }
      throw new Error('no free partner code after several draws');
    },

    list: async () => (await partners.list()).map(partnerView),
    view: async (id: string) => partnerView(await found(id)),

    async update(id: string, changes: { tier?: PartnerTier; status?: 'active' | 'suspended' }, actor: string) {
      const before = await found(id);
      const after = (await partners.update(id, changes)) ?? before;
      await audited(actor, 'partner.updated', after, changes);
      return partnerView(after);
    },

    async addStaff(id: string, email: string, actor: string) {
      const partner = await found(id);
      const member = await accounts.addStaff(email, partner.id);
      const already = partner.staff.some((staff) => staff.userId === member.userId);
      const after = already ? partner : ((await partners.addStaff(id, { ...member, addedAt: now() })) ?? partner);
      await audited(actor, 'partner.staff-added', after, { email: member.email });
      return partnerView(after);
    },

    async removeStaff(id: string, userId: string, actor: string) {
      const partner = await found(id);
      await accounts.removeStaff(partner.id, userId);
      const after = (await partners.removeStaff(id, userId)) ?? partner;
      await audited(actor, 'partner.staff-removed', after, { userId });
      return partnerView(after);
    },

    /** The partner a staff member's token names, if it may act: a suspended one may not. */
    async acting(partnerId: string) {
      const partner = await partners.find(partnerId);
      if (!partner) throw notFound(PARTNER_MESSAGES.notFound);
      if (partner.status !== 'active') throw forbidden(PARTNER_MESSAGES.suspended);
      return partner;
    },

    find: (id: string) => partners.find(id),
    findByCode: (code: string) => partners.findByCode(code),
    rates: () => rates.all(),
    rateFor: rates.rateFor,

    async setRates(tier: PartnerTier, tierRates: TierRates, actor: string) {
      await rates.set(tier, tierRates);
      await audit({ actor, action: 'partner.rates-changed', target: { type: 'partner-tier', id: tier }, after: tierRates });
      return rates.all();
    },
  };
}
export type PartnersUseCases = ReturnType<typeof partnersUseCases>;
