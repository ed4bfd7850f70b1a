import { NO_PAISE } from '@portal/contracts';
import { LOCK_KEYS } from '../../shared/lock-keys';
import { orderPeriodId, periodForOrder } from './credit-order';
import { ledgerClock, type LedgerDeps } from './ledger-deps';
import { applyPeriodChanges, loadLedger } from './ledger-loading';
import { endCreditedPeriods, isLive, projectPeriods, refundPeriod } from './periods';
import type { PaidOrder, SubscriptionRecord } from './ports';

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
export async function creditToLedger(deps: LedgerDeps, order: PaidOrder & { accountId: string }): Promise<LedgerCredit> {
  const { subscriptions, periods, plans } = deps;
  const now = ledgerClock(deps);
  return deps.lock(LOCK_KEYS.subscription(order.accountId), async () => {
    const { subscription, recorded } = await loadLedger(deps, order.accountId);
    const credited = recorded.find((period) => period.id === orderPeriodId(order.merchantOrderId));
    const period = credited ?? periodForOrder(subscription, order, (await plans.find(order.plan))?.monthlyPricePaise ?? NO_PAISE, now());
    if (!credited) await periods.insert(period);
    if (order.change) await applyPeriodChanges(deps, endCreditedPeriods(recorded, order.change.credits, order.merchantOrderId, now()));
    const saved = await subscriptions.save(order.accountId, {
      ...projectPeriods(await periods.forUser(order.accountId), now()),
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

/** A full refund takes out what its order's period had not yet served (periods.ts), once. */
export async function removeRefunded(deps: LedgerDeps, accountId: string, merchantOrderId: string): Promise<void> {
  const { subscriptions, periods } = deps;
  const now = ledgerClock(deps);
  await deps.lock(LOCK_KEYS.subscription(accountId), async () => {
    const { subscription, recorded } = await loadLedger(deps, accountId);
    const period = recorded.find((candidate) => candidate.merchantOrderId === merchantOrderId && isLive(candidate));
    if (!period || period.source === 'admin') return;
    await applyPeriodChanges(deps, refundPeriod(recorded, period.id, now()));
    const projected = projectPeriods(await periods.forUser(accountId), now());
    if (projected) await subscriptions.save(accountId, projected);
    else if (subscription?.status === 'active') await subscriptions.save(accountId, { status: 'expired', subscriptionEndDate: now() });
  });
}

/** An admin's change (behaviour.md §4) overrides every period so far, and is recorded as one of its own. */
export async function recordAdminChange(
  deps: LedgerDeps,
  accountId: string,
  change: { email: string; saved: SubscriptionRecord },
): Promise<void> {
  const { periods } = deps;
  const now = ledgerClock(deps);
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
    monthlyPricePaise: saved.planPricePaise,
    seats: saved.seats,
    from,
    to,
    paidFrom: from,
    paidDays: 0,
    pricePaise: NO_PAISE,
    merchantOrderId: null,
    admin: { email: change.email, status: saved.status },
    state: 'active',
    credited: null,
  });
}
