import { DAY_MS, type SubscriptionPeriodView } from '@portal/contracts';
import { LOCK_KEYS } from '../../shared/lock-keys';
import type { Lock } from '../../shared/ports';
import { orderPeriodId, periodForOrder } from './credit-order';
import { daysBetween, endCreditedPeriods, isLive, projectPeriods, refundPeriod } from './periods';
import type { NewPeriod, PaidOrder, PeriodRecord, PeriodStore, PlanStore, SubscriptionRecord, SubscriptionStore } from './ports';
import { effectiveStatus } from './subscription-status';

/** The invoice of an order credited before periods were recorded: its value and the service it described. */
export interface LegacyInvoices {
  findForOrder(merchantOrderId: string): Promise<{ totalPaise: number; periodFrom: Date; periodTo: Date } | null>;
}

export interface LedgerDeps {
  subscriptions: SubscriptionStore;
  periods: PeriodStore;
  plans: PlanStore;
  legacyInvoices: LegacyInvoices;
  lock: Lock;
  now?: () => Date;
}

/**
 * A paid order's place in the ledger, found under the account's lock: the subscription and periods
 * as they stand, and the period the order buys with the service its invoice describes, or none
 * when the order has its period already.
 */
export type LedgerEntry = { subscription: SubscriptionRecord | null; recorded: PeriodRecord[] } & (
  { period: null } | { period: NewPeriod; invoicePeriod: { from: Date; to: Date } }
);

export const migrationPeriodId = (accountId: string) => `migration:${accountId}`;

/**
 * A subscription recorded before periods were: one period for what it has, tied to the last order
 * credited to it, whose invoice gives the value an upgrade may credit. No day is lost: it runs
 * from the plan's start to its end as stored.
 */
export function migrationPeriod(
  subscription: SubscriptionRecord,
  lastOrder: { merchantOrderId: string; invoice: { totalPaise: number; periodFrom: Date; periodTo: Date } | null } | null,
  now: Date,
): NewPeriod {
  const to = subscription.subscriptionEndDate;
  const from =
    subscription.subscriptionStartDate && (!to || subscription.subscriptionStartDate < to) ? subscription.subscriptionStartDate : now;
  const invoice = lastOrder?.invoice ?? null;
  const paidDays = invoice ? daysBetween(invoice.periodFrom, invoice.periodTo) : 0;
  const paidFrom = invoice && to ? new Date(Math.max(from.getTime(), to.getTime() - paidDays * DAY_MS)) : from;
  return {
    id: migrationPeriodId(subscription.accountId),
    accountId: subscription.accountId,
    source: 'migration',
    plan: subscription.plan,
    billingPeriod: subscription.billingPeriod,
    monthlyPrice: subscription.planPrice,
    from,
    to,
    paidFrom,
    paidDays,
    pricePaise: invoice?.totalPaise ?? 0,
    merchantOrderId: lastOrder?.merchantOrderId ?? null,
    admin: null,
    state: 'active',
    credited: null,
  };
}

/**
 * The periods each customer has (issue #27 §1) and the subscription they add up to: crediting a
 * paid order, taking out a refunded one, and carrying over subscriptions recorded before periods.
 * Every change runs under the user's lock and saves the subscription again from the periods.
 */
export function subscriptionLedger({ subscriptions, periods, plans, legacyInvoices, lock, now = () => new Date() }: LedgerDeps) {
  /** Gives a paid plan recorded before periods its one period, once (the period's id is unique). */
  async function ensurePeriods(
    accountId: string,
    subscription: SubscriptionRecord | null,
    recorded: PeriodRecord[],
  ): Promise<PeriodRecord[]> {
    if (recorded.length || !subscription || effectiveStatus(subscription, now()) !== 'active') return recorded;
    const merchantOrderId = await subscriptions.lastLegacyCreditedOrder(accountId);
    const invoice = merchantOrderId ? await legacyInvoices.findForOrder(merchantOrderId) : null;
    await periods.insert(migrationPeriod(subscription, merchantOrderId ? { merchantOrderId, invoice } : null, now()));
    return periods.forUser(accountId);
  }

  async function load(accountId: string, known?: SubscriptionRecord | null) {
    const subscription = known === undefined ? await subscriptions.find(accountId) : known;
    return { subscription, recorded: await ensurePeriods(accountId, subscription, await periods.forUser(accountId)) };
  }

  async function apply(updates: ReturnType<typeof refundPeriod>) {
    for (const { id, changes } of updates) await periods.update(id, changes);
  }

  return {
    /** The account's periods as its owner sees them (`GET /api/subscription/periods`), oldest first. */
    async periodViews(accountId: string): Promise<SubscriptionPeriodView[]> {
      return (await periods.forUser(accountId)).map((period) => ({
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
      return (await load(accountId, subscription)).recorded;
    },

    /**
     * Crediting a paid order takes two steps, which the caller runs under the account's
     * subscription lock (lock-keys.ts) with the order's documents issued between them, so that no
     * credited order lacks its invoice: `entryFor` finds the period the order buys and the service
     * its invoice describes, or that it has its period already; `record` adds the period (its
     * unique id is the once), ends the periods an upgrade credited and saves the subscription. A
     * retry after a crash finds the period and completes what is missing.
     */
    async entryFor(order: PaidOrder & { accountId: string }): Promise<LedgerEntry> {
      const plan = await plans.find(order.plan);
      const { subscription, recorded } = await load(order.accountId);
      if (recorded.some((period) => period.id === orderPeriodId(order.merchantOrderId))) return { subscription, recorded, period: null };
      return { subscription, recorded, ...periodForOrder(subscription, order, plan?.monthlyPrice ?? 0, now()) };
    },

    async record(order: PaidOrder & { accountId: string }, { subscription, recorded, period }: LedgerEntry): Promise<SubscriptionRecord> {
      if (period) await periods.insert(period);
      if (order.change) await apply(endCreditedPeriods(recorded, order.change.credits, order.merchantOrderId, now()));
      return subscriptions.save(order.accountId, {
        ...projectPeriods(await periods.forUser(order.accountId), now()),
        email: order.userEmail,
        hasUsedTrial: true,
        ...(period && {
          scheduledSwitch: null,
          // a new period ends any renewal's grace, and a cancellation: the customer paid on
          graceUntil: null,
          renewalFailedAt: null,
          cancelAtPeriodEnd: null,
          // a new period earns new reminders
          remindersSent: (subscription?.remindersSent ?? []).filter((reminder) => !reminder.startsWith('paid')),
        }),
      });
    },

    /** A full refund takes out what its order's period had not yet served (periods.ts), once. */
    async removeRefunded(accountId: string, merchantOrderId: string): Promise<void> {
      await lock(LOCK_KEYS.subscription(accountId), async () => {
        const { subscription, recorded } = await load(accountId);
        const period = recorded.find((candidate) => candidate.merchantOrderId === merchantOrderId && isLive(candidate));
        if (!period || period.source === 'admin') return;
        await apply(refundPeriod(recorded, period.id, now()));
        const projected = projectPeriods(await periods.forUser(accountId), now());
        if (projected) await subscriptions.save(accountId, projected);
        else if (subscription?.status === 'active') await subscriptions.save(accountId, { status: 'expired', subscriptionEndDate: now() });
      });
    },

    /** An admin's change (behaviour.md §4) overrides every period so far, and is recorded as one of its own. */
    async recordAdminChange(accountId: string, change: { email: string; saved: SubscriptionRecord }): Promise<void> {
      const { saved } = change;
      const at = now();
      for (const period of await periods.forUser(accountId)) {
        if (period.state === 'active') await periods.update(period.id, { state: 'superseded' });
      }
      const from = saved.status === 'trial' ? (saved.trialStart ?? at) : (saved.subscriptionStartDate ?? at);
      const to = saved.status === 'trial' ? saved.trialEnd : saved.subscriptionEndDate;
      await periods.insert({
        id: `admin:${at.getTime().toString(36)}:${Math.random().toString(36).slice(2, 10)}`,
        accountId,
        source: 'admin',
        plan: saved.plan,
        billingPeriod: saved.billingPeriod,
        monthlyPrice: saved.planPrice,
        seats: saved.seats,
        from,
        to,
        paidFrom: from,
        paidDays: 0,
        pricePaise: 0,
        merchantOrderId: null,
        admin: { email: change.email, status: saved.status },
        state: 'active',
        credited: null,
      });
    },

    /**
     * A renewal by UPI Autopay is under way for the paid end `paidEnd`: access runs on to `until`
     * meanwhile, so a debit made in the hours after the end loses the customer nothing. A failed
     * one (`failedAt`) starts the grace the dunning e-mails count from. Nothing changes once the
     * plan has moved on from that end.
     */
    async holdForRenewal(accountId: string, paidEnd: Date, until: Date, failedAt: Date | null = null): Promise<boolean> {
      return lock(LOCK_KEYS.subscription(accountId), async () => {
        const subscription = await subscriptions.find(accountId);
        if (subscription?.status !== 'active' || subscription.subscriptionEndDate?.getTime() !== paidEnd.getTime()) return false;
        await subscriptions.save(accountId, { graceUntil: until, ...(failedAt ? { renewalFailedAt: failedAt } : {}) });
        return true;
      });
    },

    /** The renewal of `paidEnd` will not be debited (auto-renew turned off first): access ends at the paid end. */
    async releaseRenewal(accountId: string, paidEnd: Date): Promise<void> {
      await lock(LOCK_KEYS.subscription(accountId), async () => {
        const subscription = await subscriptions.find(accountId);
        if (subscription?.subscriptionEndDate?.getTime() !== paidEnd.getTime() || subscription.renewalFailedAt) return;
        await subscriptions.save(accountId, { graceUntil: null });
      });
    },

    /** Carries every subscription recorded before periods over, a page at a time; safe to run again. */
    async migrateAll(): Promise<number> {
      let after: string | null = null;
      let migrated = 0;
      for (;;) {
        const accountIds = await subscriptions.activeAccountIds(after, 500);
        if (!accountIds.length) return migrated;
        for (const accountId of accountIds) {
          if ((await periods.forUser(accountId)).length) continue;
          await lock(LOCK_KEYS.subscription(accountId), () => load(accountId));
          migrated++;
        }
        after = accountIds[accountIds.length - 1] ?? null;
      }
    },

    async deleteUser(accountId: string): Promise<void> {
      await periods.deleteForUser(accountId);
    },
  };
}
