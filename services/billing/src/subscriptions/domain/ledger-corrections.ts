import { NO_PAISE } from '@portal/contracts';
import { clockFrom } from '@portal/platform/clock';
import type { LedgerDeps, SubscriptionRecord } from './ports';
import { applyPeriodChanges, loadLedger } from './ledger-loading';
import { isLive, projectPeriods, refundPeriod } from './periods';

/** A full refund takes out what its order's period had not yet served (periods.ts), once. */
export async function removeRefunded(deps: LedgerDeps, accountId: string, merchantOrderId: string): Promise<void> {
  const { subscriptions, periods } = deps;
  const now = clockFrom(deps);
  await deps.lock('subscription', accountId, async () => {
    const { subscription, recorded } = await loadLedger(deps, accountId);
    const period = recorded.find((candidate) => candidate.merchantOrderId === merchantOrderId && isLive(candidate));
    if (!period || period.source === 'admin') return;
    await applyPeriodChanges(deps, refundPeriod(recorded, period.id, now()));
    const projected = projectPeriods(await periods.forUser(accountId), now());
    if (projected) await subscriptions.save(accountId, projected);
    else
      await subscriptions.save(accountId, {
        ...(subscription?.status === 'active' && { status: 'expired', subscriptionEndDate: now() }),
        endedByRefund: true,
      });
  });
}

/** An admin's change (behaviour.md §4) overrides every period so far, and is recorded as one of its own. */
export async function recordAdminChange(
  deps: LedgerDeps,
  accountId: string,
  change: { email: string; saved: SubscriptionRecord },
): Promise<void> {
  const { periods } = deps;
  const now = clockFrom(deps);
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
