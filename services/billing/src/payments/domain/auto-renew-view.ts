import { rupeesOf, type AutoRenew } from '@portal/contracts';
import { effectiveStatus, type SubscriptionRecord } from '../../subscriptions';
import type { AutopayDeps } from './ports';
import { debitAt, debitOpensAt, nextNonPeak } from './renewal-schedule';

/** What the status object says of auto-renewal: the newest mandate, its next debit, and one notified. */
export async function autoRenewView(
  { mandates, orders }: Pick<AutopayDeps, 'mandates' | 'orders'>,
  userId: string,
  subscription: SubscriptionRecord | null,
  at: Date,
): Promise<AutoRenew | null> {
  // a mandate renews a paid plan: without one ever credited, there is none to show (and no query)
  if (!subscription?.subscriptionEndDate) return null;
  const [latest] = await mandates.shownForUser(userId);
  if (!latest) return null;
  const renewal = await orders.shownRenewal(userId, latest.merchantSubscriptionId);
  const noticeSentAt = renewal?.noticeSentAt ?? null;
  const on =
    latest.state === 'active' &&
    subscription !== null &&
    effectiveStatus(subscription, at) === 'active' &&
    // an admin's change of plan leaves the mandate with nothing it may renew
    subscription.plan === latest.plan &&
    subscription.billingPeriod === latest.billingPeriod &&
    !subscription.scheduledSwitch &&
    !subscription.cancelAtPeriodEnd &&
    !subscription.renewalFailedAt;
  const paidEnd = renewal?.dueAt ?? subscription.subscriptionEndDate;
  const opensAt = debitOpensAt(paidEnd, latest.billingPeriod);
  const notifiedDebit = noticeSentAt ? debitAt({ opensAt, noticeSentAt }) : null;
  const next = notifiedDebit ?? nextNonPeak(opensAt);
  return {
    state: latest.state,
    on,
    mandateReference: latest.merchantSubscriptionId,
    plan: latest.plan,
    billingPeriod: latest.billingPeriod,
    amount: rupeesOf(latest.amountPaise),
    nextDebitDate: on ? next.toISOString() : null,
    upcomingDebit:
      notifiedDebit && noticeSentAt
        ? {
            date: notifiedDebit.toISOString(),
            amount: rupeesOf(latest.amountPaise),
            noticeSentAt: noticeSentAt.toISOString(),
          }
        : null,
  };
}
