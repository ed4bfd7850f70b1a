import type { SubscriptionPeriodView } from '@portal/contracts';
import { creditToLedger, recordAdminChange, removeRefunded } from './ledger-changes';
import type { LedgerDeps } from './ledger-deps';
import { loadLedger, migrateAllAccounts } from './ledger-loading';
import { holdForRenewal, releaseRenewal } from './ledger-renewal-holds';
import type { PaidOrder, PeriodRecord, SubscriptionRecord } from './ports';

export type { LedgerDeps, LegacyInvoices } from './ledger-deps';
export type { LedgerCredit } from './ledger-changes';

/**
 * The periods each customer has (issue #27 §1) and the subscription they add up to: crediting a
 * paid order, taking out a refunded one, and carrying over subscriptions recorded before periods.
 * Every change runs under the user's lock and saves the subscription again from the periods.
 */
export function subscriptionLedger(deps: LedgerDeps) {
  return {
    /** The account's periods as its owner sees them (`GET /api/subscription/periods`), oldest first. */
    async periodViews(accountId: string): Promise<SubscriptionPeriodView[]> {
      return (await deps.periods.forUser(accountId)).map((period) => ({
        plan: period.plan,
        billingPeriod: period.billingPeriod,
        from: period.from.toISOString(),
        to: period.to?.toISOString() ?? null,
        source: period.source,
        state: period.state,
        pricePaise: period.pricePaise,
        merchantOrderId: period.merchantOrderId,
      }));
    },

    /** The user's periods, carried over first if they were recorded before periods existed. */
    async periodsOf(accountId: string, subscription: SubscriptionRecord | null): Promise<PeriodRecord[]> {
      return (await loadLedger(deps, accountId, subscription)).recorded;
    },

    credit: (order: PaidOrder & { accountId: string }) => creditToLedger(deps, order),
    removeRefunded: (accountId: string, merchantOrderId: string) => removeRefunded(deps, accountId, merchantOrderId),
    recordAdminChange: (accountId: string, change: { email: string; saved: SubscriptionRecord }) =>
      recordAdminChange(deps, accountId, change),
    holdForRenewal: (accountId: string, paidEnd: Date, until: Date, failedAt?: Date | null) =>
      holdForRenewal(deps, accountId, paidEnd, until, failedAt),
    releaseRenewal: (accountId: string, paidEnd: Date) => releaseRenewal(deps, accountId, paidEnd),
    migrateAll: () => migrateAllAccounts(deps),

    async deleteUser(accountId: string): Promise<void> {
      await deps.periods.deleteForUser(accountId);
    },
  };
}
