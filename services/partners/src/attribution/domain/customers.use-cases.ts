import { DAY_MS, FIRM_MESSAGES, PARTNER_MESSAGES, type PartnerCustomer, type SubscriptionSummary } from '@portal/contracts';
import type { AuditPublisher } from '@portal/platform';
import { notFound } from '@portal/platform/errors';
import type { AccountsPort, BillingPort } from '../../shared/ports';
import type { AttributionRecord, AttributionStore } from './ports';

/** A plan is due for renewal in its last month, and once it has ended. */
const RENEWAL_WINDOW_MS = 30 * DAY_MS;
const LIST_LIMIT = 200;

export interface CustomersDeps {
  attributions: AttributionStore;
  billing: BillingPort;
  accounts: Pick<AccountsPort, 'firmsManagedBy'>;
  audit: AuditPublisher;
  now: () => Date;
}

/** What a partner sees of its own customers, and does for them; another partner's are as absent as none. */
export function customersUseCases({ attributions, billing, accounts, audit, now }: CustomersDeps) {
  const summarise = (attribution: AttributionRecord, plan: SubscriptionSummary | undefined): PartnerCustomer => {
    const endsAt = plan?.subscriptionEndDate ?? plan?.trialEnd ?? null;
    const status = plan?.subscriptionStatus ?? 'none';
    const ending = endsAt !== null && Date.parse(endsAt) - now().getTime() <= RENEWAL_WINDOW_MS;
    return {
      userId: attribution.userId,
      email: attribution.email,
      since: attribution.since.toISOString(),
      source: attribution.source,
      plan: plan?.subscriptionPlan ?? 'none',
      status,
      endsAt,
      renewalDue: status === 'expired' || (status === 'active' && ending),
    };
  };
  const own = async (partnerId: string, userId: string) => {
    const attribution = await attributions.find(userId);
    if (attribution?.partnerId !== partnerId) throw notFound(PARTNER_MESSAGES.customerNotFound);
    return attribution;
  };

  return {
    async list(partnerId: string, search?: string): Promise<PartnerCustomer[]> {
      const found = await attributions.forPartner(partnerId, search, LIST_LIMIT);
      const plans = new Map((await billing.subscriptions(found.map((one) => one.userId))).map((plan) => [plan.userId, plan]));
      return found.map((one) => summarise(one, plans.get(one.userId)));
    },

    async details(partnerId: string, userId: string) {
      const attribution = await own(partnerId, userId);
      const [plans, devices, firms] = await Promise.all([
        billing.subscriptions([userId]),
        billing.devices(userId),
        accounts.firmsManagedBy(userId),
      ]);
      return { customer: summarise(attribution, plans[0]), devices, firms };
    },

    /** A pro-forma in the customer's name (or their firm's), e-mailed to them: the plan it buys is theirs. */
    async raiseProforma(partnerId: string, userId: string, body: { firmId?: string }, staffEmail: string) {
      const attribution = await own(partnerId, userId);
      if (body.firmId && !(await accounts.firmsManagedBy(userId)).some((firm) => firm.id === body.firmId)) {
        throw notFound(FIRM_MESSAGES.notFound);
      }
      const proforma = await billing.raiseProforma(userId, attribution.email, body);
      await audit({
        actor: staffEmail,
        action: 'partner.proforma-raised',
        target: { type: 'user', id: userId, label: attribution.email },
        after: { partnerId, proforma },
      });
      return proforma;
    },
  };
}
