import { DAY_MS, type Paise, NO_PAISE } from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import type { LedgerDeps, NewPeriod, PeriodRecord, SubscriptionRecord } from './ports';
import { daysBetween } from './periods';
import { effectiveStatus } from './subscription-terms';

export const migrationPeriodId = (accountId: string) => `migration:${accountId}`;

/**
 * A subscription recorded before periods were: one period for what it has, tied to the last order
 * credited to it, whose invoice gives the value an upgrade may credit. No day is lost: it runs
 * from the plan's start to its end as stored.
 */
export function migrationPeriod(
  subscription: SubscriptionRecord,
  lastOrder: { merchantOrderId: string; invoice: { totalPaise: Paise; periodFrom: Date; periodTo: Date } | null } | null,
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
    monthlyPricePaise: subscription.planPricePaise,
    from,
    to,
    paidFrom,
    paidDays,
    pricePaise: invoice?.totalPaise ?? NO_PAISE,
    merchantOrderId: lastOrder?.merchantOrderId ?? null,
    admin: null,
    state: 'active',
    credited: null,
  };
}

/** Gives a paid plan recorded before periods its one period, once (the period's id is unique). */
async function ensurePeriods(
  { subscriptions, periods, legacyInvoices, ...deps }: LedgerDeps,
  accountId: string,
  subscription: SubscriptionRecord | null,
  recorded: PeriodRecord[],
): Promise<PeriodRecord[]> {
  const now = clockFrom(deps);
  if (recorded.length || !subscription || effectiveStatus(subscription, now()) !== 'active') return recorded;
  const merchantOrderId = await subscriptions.lastLegacyCreditedOrder(accountId);
  const invoice = merchantOrderId ? await legacyInvoices.findForOrder(merchantOrderId) : null;
  await periods.insert(migrationPeriod(subscription, merchantOrderId ? { merchantOrderId, invoice } : null, now()));
  return periods.forUser(accountId);
}

/** The account's subscription and periods, the periods carried over first if it had none yet. */
export async function loadLedger(deps: LedgerDeps, accountId: string, known?: SubscriptionRecord | null) {
  const subscription = known === undefined ? await deps.subscriptions.find(accountId) : known;
  return { subscription, recorded: await ensurePeriods(deps, accountId, subscription, await deps.periods.forUser(accountId)) };
}

export async function applyPeriodChanges(
  deps: LedgerDeps,
  updates: { id: string; changes: Parameters<LedgerDeps['periods']['update']>[1] }[],
) {
  for (const { id, changes } of updates) await deps.periods.update(id, changes);
}

/** Carries every subscription recorded before periods over, a page at a time; safe to run again. */
export async function migrateAllAccounts(deps: LedgerDeps): Promise<number> {
  let after: string | null = null;
  let migrated = 0;
  for (;;) {
    const accountIds = await deps.subscriptions.activeAccountIds(after, 500);
    if (!accountIds.length) return migrated;
    for (const accountId of accountIds) {
      if ((await deps.periods.forUser(accountId)).length) continue;
      await deps.lock('subscription', accountId, () => loadLedger(deps, accountId));
      migrated++;
    }
    after = accountIds[accountIds.length - 1] ?? null;
  }
}
