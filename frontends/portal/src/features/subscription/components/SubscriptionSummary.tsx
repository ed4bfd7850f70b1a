import {
  billingPeriodLabel,
  formatIndianDate,
  formatRupees,
  planLabel,
  type ClientSubscriptionState,
  type PlansResponse,
  type SubscriptionStatus,
} from '@portal/contracts';
import { Button, useAuth } from '@portal/ui';
import type { Message } from '../../../texts';
import { usePlans, useStartTrial } from '../api';

/** The badge that names the person's subscription state, on their profile. */
export const SUBSCRIPTION_BADGES: Record<ClientSubscriptionState, readonly [text: string, className: string]> = {
  active: ['Active Subscription', 'badge-green'],
  trial: ['Free Trial', ''],
  expired: ['Expired', 'badge-red'],
  none: ['No Subscription', 'badge-amber'],
};

/** What the plan costs for the period paid: an annual plan's yearly price, not its monthly one (D7); a tax-year term's a tax year's. */
export function priceText(status: SubscriptionStatus | null, plans: PlansResponse | undefined): string {
  if (status?.billingPeriod !== 'annual' && status?.billingPeriod !== 'tax-year') return `${formatRupees(status?.planPrice ?? 0)}/month`;
  const annual = plans?.[status.subscriptionPlan]?.annualPrice;
  return annual === undefined ? '…' : `${formatRupees(annual)}/${status.billingPeriod === 'annual' ? 'year' : 'tax year'}`;
}

/** The profile's Subscription tab: the plan, its period, state, end and price, and the trial to start when it can be. */
export function SubscriptionSummary({ onMessage }: { onMessage: (message: Message) => void }) {
  const { status, subscription } = useAuth();
  const trial = useStartTrial();
  const { data: plans } = usePlans();
  const isTrial = subscription === 'trial' || (subscription === 'expired' && status?.subscriptionPlan === 'trial');
  const expiry = isTrial ? status?.trialEnd : status?.subscriptionEndDate;
  const showPrice = subscription === 'active' || status?.subscriptionStatus === 'business' || status?.subscriptionStatus === 'professional';
  return (
    <div className="card">
      <dl className="details">
        <dt>Plan</dt>
        <dd>{planLabel(status?.subscriptionPlan)}</dd>
        {status?.billingPeriod && (
          <>
            <dt>Billing</dt>
            <dd>{billingPeriodLabel(status.billingPeriod)}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{SUBSCRIPTION_BADGES[subscription][0]}</dd>
        {expiry && (
          <>
            <dt>{isTrial ? 'Trial Expires' : 'Subscription Expires'}</dt>
            <dd>
              {formatIndianDate(expiry)} {subscription === 'expired' ? '(Expired)' : `(${status?.daysRemaining} days remaining)`}
            </dd>
          </>
        )}
        {showPrice && (
          <>
            <dt>Price</dt>
            <dd>{priceText(status, plans)}</dd>
          </>
        )}
      </dl>
      {subscription === 'none' && status?.canStartTrial && (
        <div className="stack-top">
          <p>Try every feature free for 30 days.</p>
          <Button disabled={trial.starting} onClick={async () => onMessage(await trial.start())}>
            Start Free Trial
          </Button>
        </div>
      )}
    </div>
  );
}
