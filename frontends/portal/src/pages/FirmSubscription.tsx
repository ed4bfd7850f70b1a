import { useState } from 'react';
import {
  billingPeriodWords,
  FIRM_MESSAGES,
  FIRM_SEAT_RANGE,
  formatIndianDate,
  PLAN_CHANGE_BUTTONS,
  planChangeKind,
  planLabel,
  toClientSubscriptionState,
  type BillingPeriod,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner, TextField } from '@portal/ui';
import { BillingDetails } from '../features/billing/components/BillingDetails';
import { BillingHistory } from '../features/billing/components/BillingHistory';
import { Proformas } from '../features/billing/components/Proformas';
import { useFirmStatus, usePlans } from '../features/subscription/api';
import { ChangeConfirmation } from '../features/subscription/components/ChangeConfirmation';
import { PeriodToggle, taxYearOnSale } from '../features/subscription/components/PlanCard';
import { PlanGrid } from '../features/subscription/components/PlanGrid';
import { PcPacks } from '../features/subscription/components/PcPacks';
import { RenewalSettings } from '../features/subscription/components/RenewalSettings';
import { usePlanCheckout } from '../features/subscription/use-plan-checkout';
import { TEXTS, type Message } from '../texts';
import { useBillingProfile, useRequestProforma } from '../features/billing/api';
import { useFirm } from '../features/firms/api';

/**
 * A firm's plan, for its owner and admins, a part of the Subscription page that
 * composes the firms, subscription and billing features: its seats, the plan cards priced for them,
 * the confirmation with the quantity and the total, and the firm's own billing details and
 * invoices. More seats are an upgrade at once; fewer wait for the renewal.
 */
export default function FirmSubscription({ firmId }: { firmId: string }) {
  const status = useFirmStatus(firmId);
  const firm = useFirm(firmId);
  const { data: plans } = usePlans();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [seatsText, setSeatsText] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const proformaRequest = useRequestProforma(firmId);
  const checkout = usePlanCheckout(firmId, setMessage, {
    detailsMissing: useBillingProfile(firmId).data === null,
    requestProforma: proformaRequest.mutateAsync,
  });

  if (status.isError || firm.isError) return <Banner kind="error">{errorMessage(status.error ?? firm.error, TEXTS.plansFailed)}</Banner>;
  if (!status.data || !firm.data || !plans) return <Spinner />;
  const current = status.data;
  const active = toClientSubscriptionState(current.subscriptionStatus) === 'active';
  const running = active ? { plan: current.subscriptionPlan, billingPeriod: current.billingPeriod, seats: current.seats ?? 1 } : null;
  const used = firm.data.seats.used;
  const seats = seatsText === null ? Math.max(current.seats ?? 1, used) : Number(seatsText);
  const seatsValid = Number.isInteger(seats) && seats >= FIRM_SEAT_RANGE.min && seats <= FIRM_SEAT_RANGE.max;
  const scheduled = active ? current.scheduledSwitch : null;

  return (
    <div aria-label={`Plan of ${firm.data.name}`}>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {active ? (
        <Banner kind="success">
          {firm.data.name} has the {planLabel(current.subscriptionPlan)} plan for {current.seats ?? 1}{' '}
          {current.seats === 1 ? 'seat' : 'seats'}, {used} in use, until{' '}
          {current.subscriptionEndDate && formatIndianDate(current.subscriptionEndDate)}.
        </Banner>
      ) : (
        <Banner kind="info">{firm.data.name} has no plan yet. Choose the seats and a plan: every member uses one seat.</Banner>
      )}
      {active && current.subscriptionEndDate && <RenewalSettings status={current} onMessage={setMessage} firmId={firmId} />}
      {active && <PcPacks firmId={firmId} />}
      {scheduled && (
        <section className="card stack-bottom" aria-label="Scheduled switch">
          <p>
            Switches to {plans[scheduled.plan]?.name ?? scheduled.plan} ({billingPeriodWords(scheduled.billingPeriod)}
            {scheduled.seats && scheduled.seats > 1 ? `, ${scheduled.seats} seats` : ''}) on {formatIndianDate(scheduled.at)}.
          </p>
          <Button variant="secondary" disabled={checkout.cancelling} onClick={() => void checkout.cancelSwitch()}>
            Cancel the switch
          </Button>
        </section>
      )}
      {checkout.confirming && (
        <ChangeConfirmation
          choice={checkout.confirming}
          firmId={firmId}
          title={plans[checkout.confirming.plan]?.name ?? checkout.confirming.plan}
          taxYear={plans[checkout.confirming.plan]?.taxYear}
          busy={checkout.busy}
          onConfirm={checkout.confirmed}
          onProforma={checkout.proforma}
          onClose={checkout.close}
        />
      )}
      {checkout.awaitingDetails && <BillingDetails firmId={firmId} intro={TEXTS.billingBeforePaying} onSaved={checkout.detailsSaved} />}
      <div className="row">
        <TextField
          label="Seats"
          type="number"
          min={Math.max(FIRM_SEAT_RANGE.min, used)}
          max={FIRM_SEAT_RANGE.max}
          value={seatsText ?? String(seats)}
          onChange={(event) => setSeatsText(event.target.value)}
          {...(seatsValid ? {} : { error: FIRM_MESSAGES.seatsRange })}
        />
        <PeriodToggle period={period} onChange={setPeriod} taxYear={taxYearOnSale(plans)} />
      </div>
      <PlanGrid
        plans={plans}
        period={period}
        seats={seatsValid ? seats : 1}
        busy={checkout.busy}
        cardOf={(key) => {
          const kind = planChangeKind(running, key, period, seats);
          return {
            current: kind === 'renew' && running?.plan === key,
            firstPlanFree: false,
            button: { text: running ? PLAN_CHANGE_BUTTONS[kind] : 'Buy for the firm', disabled: !seatsValid },
          };
        }}
        onChoose={(key) => checkout.choose({ plan: key, billingPeriod: period, seats })}
      />
      <h2>Billing details of {firm.data.name}</h2>
      <BillingDetails firmId={firmId} />
      <Proformas firmId={firmId} />
      <BillingHistory firmId={firmId} />
    </div>
  );
}
