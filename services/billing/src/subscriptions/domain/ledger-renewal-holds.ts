import type { LedgerDeps } from './ports';

/**
 * A renewal by UPI Autopay is under way for the paid end `paidEnd`: access runs on to `until`
 * meanwhile, so a debit made in the hours after the end loses the customer nothing. A failed
 * one (`failedAt`) starts the grace the dunning e-mails count from. Nothing changes once the
 * plan has moved on from that end.
 */
export async function holdForRenewal(
  { subscriptions, lock }: LedgerDeps,
  accountId: string,
  paidEnd: Date,
  until: Date,
  failedAt: Date | null = null,
): Promise<boolean> {
  return lock('subscription', accountId, async () => {
    const subscription = await subscriptions.find(accountId);
    if (subscription?.status !== 'active' || subscription.subscriptionEndDate?.getTime() !== paidEnd.getTime()) return false;
    await subscriptions.save(accountId, { graceUntil: until, ...(failedAt ? { renewalFailedAt: failedAt } : {}) });
    return true;
  });
}

/** The renewal of `paidEnd` will not be debited (auto-renew turned off first): access ends at the paid end. */
export async function releaseRenewal({ subscriptions, lock }: LedgerDeps, accountId: string, paidEnd: Date): Promise<void> {
  await lock('subscription', accountId, async () => {
    const subscription = await subscriptions.find(accountId);
    if (subscription?.subscriptionEndDate?.getTime() !== paidEnd.getTime() || subscription.renewalFailedAt) return;
    await subscriptions.save(accountId, { graceUntil: null });
  });
}
