import { useEffect, useState } from 'react';
import {
  AUTOPAY_MESSAGES,
  autopayEligible,
  formatIndianDate,
  formatRupees,
  istDateOf,
  PLAN_CHANGE_BUTTONS,
  planChangeKind,
  type BillingPeriod,
  type CreateOrderBody,
  type Plan,
  type PlanChangeQuote,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Link, Spinner, type Auth, useAuth, useSearchParams } from '@portal/ui';
import { useBillingProfile } from '../features/billing/api';
import { BillingDetails } from '../features/billing/components/BillingDetails';
import { BillingHistory } from '../features/billing/components/BillingHistory';
import { useCreateOrder, usePlans, useScheduledSwitch, useStartTrial } from '../features/subscription/api';
import { ChangeConfirmation } from '../features/subscription/components/ChangeConfirmation';
import { RenewalSettings } from '../features/subscription/components/RenewalSettings';
import { withQueries } from '../queries';
import { TEXTS, type Message } from '../texts';
import '../components/portal.css';

export const STATUS_REFETCH_MS = 2000;

/**
 * The button of a plan card for the user's status (the spec leaves the mapping open; see
 * docs/decisions.md). A paying customer is offered what fits their plan (issue #27 §2): Renew the
 * same plan and period, Upgrade to a higher one, or Switch at renewal to a lower one, which once
 * scheduled cannot be chosen again. An expired user reactivates their old plan; everyone else
 * subscribes for the period.
 */
export function planButtonText(
  plan: CreateOrderBody['plan'],
  period: BillingPeriod,
  auth: Pick<Auth, 'subscription' | 'status'>,
): { text: string; disabled: boolean } {
  const current = auth.status?.subscriptionPlan;
  if (auth.subscription === 'active') {
    const scheduled = auth.status?.scheduledSwitch;
    if (scheduled?.plan === plan && scheduled.billingPeriod === period) return { text: 'Switch scheduled', disabled: true };
    const kind = planChangeKind({ plan: current ?? 'none', billingPeriod: auth.status?.billingPeriod ?? null }, plan, period);
    return { text: PLAN_CHANGE_BUTTONS[kind], disabled: false };
  }
  if (auth.subscription === 'expired') return { text: current === plan ? 'Reactivate Plan' : 'Subscribe Now', disabled: false };
  return { text: period === 'annual' ? 'Subscribe Annually' : 'Subscribe Monthly', disabled: false };
}

/** The card of the plan the customer has now, at the period they pay for it. */
const isCurrentPlan = (plan: string, period: BillingPeriod, auth: Pick<Auth, 'subscription' | 'status'>) =>
  auth.subscription === 'active' && auth.status?.subscriptionPlan === plan && (auth.status.billingPeriod ?? 'monthly') === period;

function Subscription() {
  const auth = useAuth();
  const { status, subscription, refresh } = auth;
  const [params] = useSearchParams();
  const { data: plans, isError: plansFailed } = usePlans();
  const order = useCreateOrder();
  const trial = useStartTrial();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: billingProfile } = useBillingProfile();
  // The plan chosen by a buyer who must first say where they are billed (the invoice's place of supply).
  const [awaitingDetails, setAwaitingDetails] = useState<{ plan: string; autoRenew: boolean } | null>(null);
  // The card being confirmed, before anything is paid or scheduled.
  const [confirming, setConfirming] = useState<CreateOrderBody | null>(null);
  const { schedule, cancel } = useScheduledSwitch();
  const scheduled = subscription === 'active' ? status?.scheduledSwitch : null;
  const shown = message ?? (plansFailed ? { kind: 'error' as const, text: TEXTS.plansFailed } : null);

  // Back from PhonePe: the webhook may still be on its way, so look again after 2 seconds.
  const returned = params.get('status');
  useEffect(() => {
    if (returned !== 'success') return;
    const timer = setTimeout(() => void refresh(), STATUS_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [returned, refresh]);

  function confirmed(quote: PlanChangeQuote, { autoRenew }: { autoRenew: boolean }) {
    setConfirming(null);
    if (quote.kind === 'switch') return void scheduleSwitch(quote);
    if (billingProfile === null) setAwaitingDetails({ plan: quote.plan, autoRenew });
    else void pay(quote.plan, autoRenew);
  }

  async function scheduleSwitch(choice: CreateOrderBody) {
    try {
      const answer = await schedule.mutateAsync({ plan: choice.plan, billingPeriod: choice.billingPeriod });
      setMessage({ kind: 'success', text: answer.data.message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The switch could not be scheduled. Please try again.') });
    }
  }

  async function cancelSwitch() {
    try {
      const answer = await cancel.mutateAsync();
      setMessage({ kind: 'success', text: answer.data.message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The switch could not be cancelled. Please try again.') });
    }
  }

  async function pay(plan: string, autoRenew: boolean) {
    setAwaitingDetails(null);
    setBusy(true);
    setMessage({ kind: 'info', text: TEXTS.orderRedirecting });
    try {
      const created = await order.mutateAsync({
        plan: plan as CreateOrderBody['plan'],
        billingPeriod: period,
        ...(autoRenew ? { autoRenew } : {}),
      });
      if (created.success && created.paymentUrl) return window.location.assign(created.paymentUrl);
      // The call went through but gave no checkout to go to (behaviour.md §8's own text for this case).
      setMessage({ kind: 'error', text: TEXTS.orderWithoutCheckout });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, TEXTS.orderFailed) });
    }
    setBusy(false);
  }

  return (
    <div>
      <h1>Subscription</h1>
      {returned === 'failed' && <Banner kind="error">The payment did not go through. No money was taken; you can try again.</Banner>}
      {returned === 'pending' && (
        <Banner kind="info">Your payment is being confirmed. This page will show your plan once PhonePe confirms it.</Banner>
      )}
      {shown && (
        <Banner key={shown.text} kind={shown.kind} onDone={() => setMessage(null)}>
          {shown.text}
        </Banner>
      )}
      {subscription === 'trial' && <Banner kind="info">Your free trial is active: {status?.daysRemaining} days left.</Banner>}
      {subscription === 'expired' && <Banner kind="error">Your subscription has expired. Please choose a plan to continue.</Banner>}
      {subscription === 'active' && (
        <Banner kind="success">
          Your {status?.subscriptionPlan} plan is active until{' '}
          {status?.subscriptionEndDate && istDateOf(new Date(status.subscriptionEndDate))}. <Link to="/download">Go to Download Page</Link>
        </Banner>
      )}
      {subscription === 'active' && status?.renewalFailure && (
        <Banner kind="error">
          {AUTOPAY_MESSAGES.renewalFailed} (until {formatIndianDate(status.renewalFailure.graceUntil)}): choose Renew below.
        </Banner>
      )}
      {subscription === 'active' && status?.subscriptionEndDate && <RenewalSettings status={status} onMessage={setMessage} />}
      {scheduled && plans && (
        <section className="card stack-bottom" aria-label="Scheduled switch">
          <p>
            Switches to {plans[scheduled.plan]?.name ?? scheduled.plan} ({scheduled.billingPeriod}) on {formatIndianDate(scheduled.at)}.
          </p>
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => void cancelSwitch()}>
            Cancel the switch
          </Button>
        </section>
      )}
      {confirming && plans && (
        <ChangeConfirmation
          choice={confirming}
          title={plans[confirming.plan]?.name ?? confirming.plan}
          busy={busy}
          onConfirm={confirmed}
          onClose={() => setConfirming(null)}
        />
      )}
      {subscription === 'none' && status?.canStartTrial && (
        <section className="card stack-bottom">
          <h2>Start 30-Day Free Trial</h2>
          <p>Use every feature free for 30 days. No credit card required.</p>
          <Button disabled={trial.starting} onClick={async () => setMessage(await trial.start())}>
            Start 30-Day Free Trial
          </Button>
        </section>
      )}
      {awaitingDetails && (
        <BillingDetails intro={TEXTS.billingBeforePaying} onSaved={() => void pay(awaitingDetails.plan, awaitingDetails.autoRenew)} />
      )}
      <div className="toggle" role="group" aria-label="Billing period">
        <button type="button" aria-pressed={period === 'monthly'} onClick={() => setPeriod('monthly')}>
          Monthly
        </button>
        <button type="button" aria-pressed={period === 'annual'} onClick={() => setPeriod('annual')}>
          Annual <span className="badge badge-green">Save 20%</span>
        </button>
      </div>
      {!plans ? (
        <Spinner />
      ) : (
        <div className="plans">
          {Object.entries(plans).map(([key, plan]) => (
            <PlanCard
              key={key}
              id={key}
              plan={plan}
              period={period}
              current={isCurrentPlan(key, period, auth)}
              // the free month is the first paid plan's: only a customer who never had the trial gets it
              firstPlanFree={!status?.hasUsedTrial}
              button={planButtonText(key as CreateOrderBody['plan'], period, auth)}
              busy={busy}
              onChoose={() => setConfirming({ plan: key as CreateOrderBody['plan'], billingPeriod: period })}
            />
          ))}
        </div>
      )}
      <BillingHistory />
    </div>
  );
}

export default withQueries(Subscription);

function PlanCard({
  id,
  plan,
  period,
  current,
  firstPlanFree,
  button,
  busy,
  onChoose,
}: {
  id: string;
  plan: Plan;
  period: BillingPeriod;
  current: boolean;
  firstPlanFree: boolean;
  button: { text: string; disabled: boolean };
  busy: boolean;
  onChoose: () => void;
}) {
  const popular = id === 'professional';
  return (
    <article className={popular ? 'card plan popular' : 'card plan'} aria-label={`${plan.name} plan`}>
      {current ? (
        <span className="badge badge-green plan-badge">Current plan</span>
      ) : (
        popular && <span className="badge plan-badge">Most Popular</span>
      )}
      <h2>{plan.name}</h2>
      {period === 'monthly' ? (
        <p className="price">
          {formatRupees(plan.monthlyPrice)}
          <span className="muted">/month</span>
        </p>
      ) : (
        <>
          <p className="price">
            {formatRupees(Math.round((plan.annualPrice / 12) * 100) / 100)}
            <span className="muted">/month</span>
          </p>
          <p className="muted">
            Billed {formatRupees(plan.annualPrice)} a year{' '}
            <s aria-label={`instead of ${formatRupees(plan.annualOriginal)}`}>{formatRupees(plan.annualOriginal)}</s>
            <br />
            <span className="badge badge-green">You save {formatRupees(plan.annualOriginal - plan.annualPrice)}</span>
          </p>
        </>
      )}
      {firstPlanFree && <p>+ 1 month free trial</p>}
      {!autopayEligible(Math.round((period === 'annual' ? plan.annualPrice : plan.monthlyPrice) * 100)) && (
        <p className="muted">{AUTOPAY_MESSAGES.notEligible}</p>
      )}
      <ul>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button disabled={button.disabled || busy} onClick={onChoose}>
        {button.text}
      </Button>
    </article>
  );
}
