// Kept apart from the zod schemas so that the shell can map a status without shipping zod.

/** The states a subscription is in: stored by billing, answered to every page and service. */
export const SUBSCRIPTION_STATES = ['none', 'trial', 'active', 'expired'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Values accepted on the wire; `business` and `professional` are legacy and mean active (behaviour.md §4). */
export const SUBSCRIPTION_STATUSES = [...SUBSCRIPTION_STATES, 'business', 'professional'] as const;
type WireStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What the client works with after mapping the wire value. */
export type ClientSubscriptionState = SubscriptionState;

export function toClientSubscriptionState(status: WireStatus): ClientSubscriptionState {
  switch (status) {
    case 'active':
    case 'business':
    case 'professional':
      return 'active';
    default:
      return status;
  }
}

const STATE_LABELS: Record<SubscriptionState, string> = {
  none: 'No subscription',
  trial: 'Free trial',
  active: 'Active',
  expired: 'Expired',
};

/** A status in words, legacy values read as what they mean: "Active", "Free trial". */
export const subscriptionStatusLabel = (status: string) => STATE_LABELS[toClientSubscriptionState(status as WireStatus)] ?? status;

/** What starting the trial answers, written once for billing and the pages. */
export const TRIAL_MESSAGES = {
  started: 'Trial activated successfully!',
  alreadyUsed: 'You have already used your free trial. Please choose a plan to continue.',
  alreadySubscribed: 'You already have a subscription, so a trial cannot be started.',
} as const;

/** Free trial length (behaviour.md §9). */
export const TRIAL_DAYS = 30;
