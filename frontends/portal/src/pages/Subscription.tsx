import { lazy, Suspense, useEffect, useState } from 'react';
import {
  billingPeriodWords,
  AUTOPAY_MESSAGES,
  canManageFirm,
  formatIndianDate,
  isBillingPeriod,
  isPricedPlan,
  PLAN_CHANGE_BUTTONS,
  planChangeKind,
  planLabel,
  type BillingPeriod,
  type CreateOrderBody,
} from '@portal/contracts';
import { Banner, Button, Link, Spinner, type Auth, useAuth, useSearchParams } from '@portal/ui';
import { useBillingHistory, useBillingProfile, useProformas, useRequestProforma } from '../features/billing/api';
import { useMyFirms } from '../features/firms/api';
import { FirmPlanBanner } from '../features/firms/components/FirmPlanBanner';
import { BillingDetails } from '../features/billing/components/BillingDetails';
import { BillingHistory } from '../features/billing/components/BillingHistory';
import { Proformas } from '../features/billing/components/Proformas';
import { ReferralCard } from '../features/referrals/components/ReferralCard';
import { usePlans, useStartTrial } from '../features/subscription/api';
import { ChangeConfirmation } from '../features/subscription/components/ChangeConfirmation';
import { PeriodToggle, taxYearOnSale } from '../features/subscription/components/PlanCard';
import { PlanGrid } from '../features/subscription/components/PlanGrid';
import { PcPacks } from '../features/subscription/components/PcPacks';
import { RenewalSettings } from '../features/subscription/components/RenewalSettings';
import { TaxYearRenewalBanner } from '../features/subscription/components/TaxYearRenewal';
import { usePlanCheckout } from '../features/subscription/use-plan-checkout';
import { withQueries } from '../queries';
import { TEXTS, type Message } from '../texts';
import '../components/portal.css';

export const STATUS_REFETCH_MS = 2000;

// only the owners and admins of a firm ever load its plan's page
const FirmSubscription = lazy(() => import('./FirmSubscription'));

/**
 * Whose plan the page shows, for a person who manages a firm: their own, or the
 * firm's (`?firm=`), so a link from the Firms tab opens the firm's.
 */
function AccountChoice({ firmId, onChoose }: { firmId: string | null; onChoose: (firmId: string | null) => void }) {
  const managed = (useMyFirms().data ?? []).filter((firm) => canManageFirm(firm.role));
  if (!managed.length) return null;
  return (
    <div className="row stack-bottom" role="group" aria-label="Whose plan">
      <Button variant={firmId ? 'secondary' : 'primary'} aria-pressed={!firmId} onClick={() => onChoose(null)}>
        Your own plan
      </Button>
      {managed.map((firm) => (
        <Button
          key={firm.id}
          variant={firm.id === firmId ? 'primary' : 'secondary'}
          aria-pressed={firm.id === firmId}
          onClick={() => onChoose(firm.id)}
        >
          {firm.name}
        </Button>
      ))}
    </div>
  );
}

/**
 * The button of a plan card for the user's status (the spec leaves the mapping open; see
 * docs/decisions/0009). A paying customer is offered what fits their plan: Renew the
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
  return { text: SUBSCRIBE_BUTTONS[period], disabled: false };
}

const SUBSCRIBE_BUTTONS: Record<BillingPeriod, string> = {
  monthly: 'Subscribe Monthly',
  annual: 'Subscribe Annually',
  'tax-year': 'Subscribe for the Tax Year',
};

/** The plan and period a link asks for, when both are ones the portal sells. */
function choiceFrom(params: URLSearchParams): CreateOrderBody | null {
  const plan = params.get('plan');
  const period = params.get('period');
  return isPricedPlan(plan) && isBillingPeriod(period) ? { plan, billingPeriod: period } : null;
}

/** The card of the plan the customer has now, at the period they pay for it. */
const isCurrentPlan = (plan: string, period: BillingPeriod, auth: Pick<Auth, 'subscription' | 'status'>) =>
  auth.subscription === 'active' && auth.status?.subscriptionPlan === plan && (auth.status.billingPeriod ?? 'monthly') === period;

function Subscription() {
  const auth = useAuth();
  const { status, subscription, refresh } = auth;
  const [params, setParams] = useSearchParams();
  const firmId = params.get('firm');
  const { data: plans, isError: plansFailed } = usePlans();
  const trial = useStartTrial();
  // The pricing page sends a visitor here with the plan they chose (?plan=…&period=…).
  const chosen = choiceFrom(params);
  const [period, setPeriod] = useState<BillingPeriod>(chosen?.billingPeriod ?? 'monthly');
  const [message, setMessage] = useState<Message | null>(null);
  const proformaRequest = useRequestProforma();
  const checkout = usePlanCheckout(null, setMessage, {
    detailsMissing: useBillingProfile(null).data === null,
    chosen,
    requestProforma: proformaRequest.mutateAsync,
  });
  // The plans and the history appear together once both have loaded: arriving one by one, each
  // pushed the other down (a layout shift of 0.5 on a phone, Lighthouse's worst).
  const history = useBillingHistory();
  // the pro-formas' section shows between them once it has any
  const proformas = useProformas();
  const loading = (!plans && !plansFailed) || history.isPending || proformas.isPending;
  const scheduled = subscription === 'active' ? status?.scheduledSwitch : null;
  // a member working on their firm's plan buys nothing here: the firm's owner and admins do
  const firmPlan = subscription === 'active' ? null : (status?.firmPlan ?? null);
  const shown = message ?? (plansFailed ? { kind: 'error' as const, text: TEXTS.plansFailed } : null);

  // Back from PhonePe: the webhook may still be on its way, so look again after 2 seconds.
  const returned = params.get('status');
  useEffect(() => {
    if (returned !== 'success') return;
    const timer = setTimeout(() => void refresh(), STATUS_REFETCH_MS);
    return () => clearTimeout(timer);
  }, [returned, refresh]);

  const choice = <AccountChoice firmId={firmId} onChoose={(chosenFirm) => setParams(chosenFirm ? { firm: chosenFirm } : {})} />;
  const returnBanners = (
    <>
      {returned === 'failed' && <Banner kind="error">The payment did not go through. No money was taken; you can try again.</Banner>}
      {returned === 'pending' && (
        <Banner kind="info">Your payment is being confirmed. This page will show your plan once PhonePe confirms it.</Banner>
      )}
    </>
  );
  if (firmId) {
    return (
      <div>
        <h1>Subscription</h1>
        {choice}
        {returnBanners}
        <Suspense fallback={<Spinner />}>
          <FirmSubscription firmId={firmId} />
        </Suspense>
      </div>
    );
  }

  return (
    <div>
      <h1>Subscription</h1>
      {choice}
      {returnBanners}
      {shown && (
        <Banner key={shown.text} kind={shown.kind} onDone={() => setMessage(null)}>
          {shown.text}
        </Banner>
      )}
      {firmPlan && <FirmPlanBanner firmPlan={firmPlan} />}
      {subscription === 'trial' && <Banner kind="info">Your free trial is active: {status?.daysRemaining} days left.</Banner>}
      {subscription === 'expired' && !firmPlan && (
        <Banner kind="error">Your subscription has expired. Please choose a plan to continue.</Banner>
      )}
      {subscription === 'active' && (
        <Banner kind="success">
          Your {planLabel(status?.subscriptionPlan)} plan is active until{' '}
          {status?.subscriptionEndDate && formatIndianDate(status.subscriptionEndDate)}. <Link to="/download">Go to Download Page</Link>
        </Banner>
      )}
      {subscription === 'active' && <TaxYearRenewalBanner status={status} onRenew={checkout.choose} />}
      {subscription === 'active' && status?.renewalFailure && (
        <Banner kind="error">
          {AUTOPAY_MESSAGES.renewalFailed} (until {formatIndianDate(status.renewalFailure.graceUntil)}): choose Renew below.
        </Banner>
      )}
      {subscription === 'active' && status?.subscriptionEndDate && <RenewalSettings status={status} onMessage={setMessage} />}
      {subscription === 'active' && <PcPacks />}
      {scheduled && plans && (
        <section className="card stack-bottom" aria-label="Scheduled switch">
          <p>
            Switches to {plans[scheduled.plan]?.name ?? scheduled.plan} ({billingPeriodWords(scheduled.billingPeriod)}) on{' '}
            {formatIndianDate(scheduled.at)}.
          </p>
          <Button variant="secondary" disabled={checkout.cancelling} onClick={() => void checkout.cancelSwitch()}>
            Cancel the switch
          </Button>
        </section>
      )}
      {checkout.confirming && plans && (
        <ChangeConfirmation
          choice={checkout.confirming}
          title={plans[checkout.confirming.plan]?.name ?? checkout.confirming.plan}
          taxYear={plans[checkout.confirming.plan]?.taxYear}
          busy={checkout.busy}
          onConfirm={checkout.confirmed}
          onProforma={checkout.proforma}
          onClose={checkout.close}
        />
      )}
      {subscription === 'none' && status?.canStartTrial && !firmPlan && (
        <section className="card stack-bottom">
          <h2>Start 30-Day Free Trial</h2>
          <p>Use every feature free for 30 days. No credit card required.</p>
          <Button disabled={trial.starting} onClick={async () => setMessage(await trial.start())}>
            Start 30-Day Free Trial
          </Button>
        </section>
      )}
      {checkout.awaitingDetails && <BillingDetails intro={TEXTS.billingBeforePaying} onSaved={checkout.detailsSaved} />}
      {loading ? (
        <Spinner />
      ) : (
        <>
          {!firmPlan && <PeriodToggle period={period} onChange={setPeriod} taxYear={taxYearOnSale(plans)} />}
          {plans && !firmPlan && (
            <PlanGrid
              plans={plans}
              period={period}
              busy={checkout.busy}
              cardOf={(key) => ({
                current: isCurrentPlan(key, period, auth),
                // the free month is the first paid plan's: only a customer who never had the trial gets it
                firstPlanFree: !status?.hasUsedTrial,
                button: planButtonText(key, period, auth),
              })}
              onChoose={(key) => checkout.choose({ plan: key, billingPeriod: period })}
            />
          )}
          <Proformas />
          <BillingHistory />
          <ReferralCard />
        </>
      )}
    </div>
  );
}

export default withQueries(Subscription);
