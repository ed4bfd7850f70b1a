import type { Eligibility, SubscriptionSummary } from '@portal/contracts';

/** Who may download (behaviour.md §6): a running trial or a paid plan; the message says why or why not. */
export function eligibilityOf(subscription: SubscriptionSummary): Eligibility {
  const { subscriptionStatus, daysRemaining } = subscription;
  const days = daysRemaining === 1 ? '1 day' : `${daysRemaining} days`;
  const message = subscription.firm
    ? `You work on the plan of ${subscription.firm.name}, managed by ${subscription.firm.managedBy}: ${days} left.`
    : subscriptionStatus === 'trial'
      ? `Your free trial is active: ${days} left.`
      : subscriptionStatus === 'active'
        ? `Your subscription is active: ${days} left.`
        : subscriptionStatus === 'expired'
          ? 'Your subscription has expired. Please choose a plan to continue.'
          : 'Start your free 30-day trial to download the app.';
  return {
    canDownload: subscription.canDownload,
    subscriptionStatus,
    hasUsedTrial: subscription.hasUsedTrial,
    daysRemaining,
    canStartTrial: subscription.canStartTrial,
    message,
  };
}
