import { NO_PAISE, type SubscriptionPeriodView } from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import { orderPeriodId, periodForOrder } from './credit-order';
import { recordAdminChange, removeRefunded } from './ledger-corrections';
import type { LedgerDeps, PaidOrder, PeriodRecord, SubscriptionRecord } from './ports';
import { applyPeriodChanges, loadLedger, migrateAllAccounts } from './ledger-loading';
import { endCreditedPeriods, projectPeriods, unusedValue } from './periods';
import { holdForRenewal, releaseRenewal } from './ledger-renewal-holds';

/**
 * The periods each customer has and the subscription they add up to: crediting a
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

    /** What of the period an order paid for is not yet used at `now`, by days, or null when it has none. */
    async unusedOf(accountId: string, merchantOrderId: string, now: Date) {
      const period = (await deps.periods.forUser(accountId)).find((recorded) => recorded.merchantOrderId === merchantOrderId);
      if (!period) return null;
      const { paise, unusedDays } = unusedValue(period, now);
      return { paise, days: unusedDays, ofDays: period.paidDays };
    },
    recordAdminChange: (accountId: string, change: { email: string; saved: SubscriptionRecord }) =>
      recordAdminChange(deps, accountId, change),
    holdForRenewal: (accountId: string, paidEnd: Date, until: Date, failedAt?: Date | null) =>
      holdForRenewal(deps, accountId, paidEnd, until, failedAt),
    releaseRenewal: (accountId: string, paidEnd: Date) => releaseRenewal(deps, accountId, paidEnd),
    migrateAll: () => migrateAllAccounts(deps),

    async deleteUser(accountId: string): Promise<void> {
      await deps.periods.deleteForUser(accountId);
      await deps.packs.deleteForAccount(accountId);
    },
  };
}

/** What crediting an order leaves: the subscription as saved, and the service its invoice describes. */
export interface LedgerCredit {
  subscription: SubscriptionRecord;
  service: { from: Date; to: Date };
}

/**
 * Credits a paid order, once, under the account's subscription lock (lock-keys.ts): adds the
 * period it buys (its unique id is the once), ends the periods an upgrade replaces, and saves
 * the subscription. A retry after a crash finds the period and returns the same service, so
 * that its caller can issue the documents still missing.
 */
async function creditToLedger(deps: LedgerDeps, order: PaidOrder & { accountId: string }): Promise<LedgerCredit> {
  const { subscriptions, periods, plans } = deps;
  const now = clockFrom(deps);
  return deps.lock('subscription', order.accountId, async () => {
    const { subscription, recorded } = await loadLedger(deps, order.accountId);
    const credited = recorded.find((period) => period.id === orderPeriodId(order.merchantOrderId));
    const period = credited ?? periodForOrder(subscription, order, (await plans.find(order.plan))?.monthlyPricePaise ?? NO_PAISE, now());
    const added = credited ? null : await periods.insert(period);
    if (order.change) await applyPeriodChanges(deps, endCreditedPeriods(recorded, order.change.credits, order.merchantOrderId, now()));
    // the ledger as it stands now: read again only after an upgrade ended periods, or when another write took the insert's id
    const standing =
      order.change || (!credited && !added) ? await periods.forUser(order.accountId) : [...recorded, ...(added ? [added] : [])];
    const saved = await subscriptions.save(order.accountId, {
      ...projectPeriods(standing, now()),
      email: order.userEmail,
      hasUsedTrial: true,
      ...(!credited && {
        scheduledSwitch: null,
        // a new period ends any renewal's grace, and a cancellation: the customer paid on
        graceUntil: null,
        renewalFailedAt: null,
        cancelAtPeriodEnd: null,
        // a new period earns new reminders
        remindersSent: (subscription?.remindersSent ?? []).filter((reminder) => !reminder.startsWith('paid')),
      }),
    });
    // periods credited before the service was kept had their documents issued first
    return { subscription: saved, service: period.service ?? { from: period.from, to: period.to ?? period.from } };
  });
}
