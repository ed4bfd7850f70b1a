import { taxYearOf, type SubscriptionSummary } from '@portal/contracts';
import type { SingleUseClaims } from '@portal/platform';
import type { ActivationStore } from '../../licensing';
import type { BillingProfileStore } from '../../tax-documents';
import type { Lock } from '../../shared/ports';
import type { OrderStore } from '../../payments';
import {
  accessUntil,
  summarize,
  type FirmEntitlement,
  type ShownSubscriptions,
  type SubscriptionRecord,
  type subscriptionLedger,
  type SubscriptionStore,
} from '../../subscriptions';
import { analyticsOf } from './analytics';

export interface ReportingDeps {
  subscriptions: SubscriptionStore & ShownSubscriptions;
  firmPlanOf: FirmEntitlement;
  ledger: Pick<ReturnType<typeof subscriptionLedger>, 'deleteUser'>;
  orders: OrderStore;
  billingProfiles: BillingProfileStore;
  /** Invoices, credit notes and refunds: kept for the tax records, unlinked from a deleted account. */
  documents: { detachUser(userId: string): Promise<number> }[];
  claims: Pick<SingleUseClaims, 'deleteForUser'>;
  activations: Pick<ActivationStore, 'deleteForUser'>;
  lock: Lock;
  now?: () => Date;
}

/** The last tax year a record's access reaches into, or null without access. */
function lastTaxYearOf(record: SubscriptionRecord | null, at: Date): number | null {
  const until = accessUntil(record, at);
  return until ? taxYearOf(until) : null;
}

/** What the admin area and the download service read from billing through /internal/*. */
export function reportingUseCases(deps: ReportingDeps) {
  const { subscriptions, firmPlanOf, ledger, orders, billingProfiles, documents, claims, activations, lock } = deps;
  const now = deps.now ?? (() => new Date());
  return {
    async summaries(userIds: string[]): Promise<SubscriptionSummary[]> {
      const at = now();
      const found = new Map((await subscriptions.findMany(userIds)).map((record) => [record.accountId, record]));
      return userIds.map((userId) => summarize(userId, found.get(userId) ?? null, at));
    },

    /**
     * What a person may use, for the download service: their own plan, or when it gives no access,
     * the plan of a firm they are a member of, named with who manages it. It reads the subscription
     * as the status shows it (remembered until written): the download page tells the person what
     * the status told them, and a licence is checked apart, on the database.
     */
    async entitlement(userId: string): Promise<SubscriptionSummary> {
      const at = now();
      const record = await subscriptions.shownFor(userId);
      const own = { ...summarize(userId, record, at), lastTaxYear: lastTaxYearOf(record, at) };
      if (own.canDownload) return own;
      const drawn = await firmPlanOf(userId);
      if (!drawn) return own;
      const { id, name, managedBy } = drawn.firm;
      return {
        ...summarize(userId, drawn.subscription, at),
        lastTaxYear: lastTaxYearOf(drawn.subscription, at),
        hasUsedTrial: own.hasUsedTrial,
        firm: { id, name, managedBy },
      };
    },

    analytics: (days = 90) => analyticsOf(deps, days),

    /**
     * The user-deletion handler: the subscription and its periods, billing details and device activations go; payments stay for
     * accounting, anonymised, and issued invoices, credit notes and refunds stay as issued (GST
     * records are kept for six years, CGST s.36), no longer linked to the account.
     */
    async deleteUser(userId: string): Promise<{ anonymisedPayments: number }> {
      return lock('subscription', userId, async () => {
        await ledger.deleteUser(userId);
        await billingProfiles.delete(userId);
        await activations.deleteForUser(userId);
        await claims.deleteForUser(userId);
        for (const kept of documents) await kept.detachUser(userId);
        const anonymisedPayments = await orders.anonymiseUser(userId);
        // last, so that a status of 'none' means the rest is done (admin-reporting's check waits on it)
        await subscriptions.delete(userId);
        return { anonymisedPayments };
      });
    },
  };
}
