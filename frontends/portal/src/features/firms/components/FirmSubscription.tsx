import { useState } from 'react';
import {
  FIRM_MESSAGES,
  FIRM_SEAT_RANGE,
  formatIndianDate,
  PLAN_CHANGE_BUTTONS,
  planChangeKind,
  planLabel,
  toClientSubscriptionState,
  type BillingPeriod,
  type CreateOrderBody,
  type PlanChangeQuote,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner, TextField } from '@portal/ui';
import { useBillingProfile } from '../../billing/api';
import { BillingDetails } from '../../billing/components/BillingDetails';
import { BillingHistory } from '../../billing/components/BillingHistory';
import { useCreateOrder, useFirmStatus, usePlans, useScheduledSwitch } from '../../subscription/api';
import { ChangeConfirmation } from '../../subscription/components/ChangeConfirmation';
import { PeriodToggle, PlanCard } from '../../subscription/components/PlanCard';
import { RenewalSettings } from '../../subscription/components/RenewalSettings';
import { TEXTS, type Message } from '../../../texts';
import { useFirm } from '../api';

/**
 * A firm's plan, for its owner and admins (issue #30): its seats, the plan cards priced for them,
 * the confirmation with the quantity and the total, and the firm's own billing details and
 * invoices. More seats are an upgrade at once; fewer wait for the renewal.
 */
export default function FirmSubscription({ firmId }: { firmId: string }) {
  const status = useFirmStatus(firmId);
  const firm = useFirm(firmId);
  const { data: plans } = usePlans();
  const { data: billingProfile } = useBillingProfile(firmId);
  const order = useCreateOrder();
  const { schedule, cancel } = useScheduledSwitch(firmId);
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [seatsText, setSeatsText] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CreateOrderBody | null>(null);
  const [awaitingDetails, setAwaitingDetails] = useState<{ choice: CreateOrderBody; autoRenew: boolean } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);

  if (status.isError || firm.isError) return <Banner kind="error">{errorMessage(status.error ?? firm.error, TEXTS.plansFailed)}</Banner>;
  if (!status.data || !firm.data || !plans) return <Spinner />;
  const current = status.data;
  const active = toClientSubscriptionState(current.subscriptionStatus) === 'active';
  const running = active ? { plan: current.subscriptionPlan, billingPeriod: current.billingPeriod, seats: current.seats ?? 1 } : null;
  const used = firm.data.seats.used;
  const seats = seatsText === null ? Math.max(current.seats ?? 1, used) : Number(seatsText);
  const seatsValid = Number.isInteger(seats) && seats >= FIRM_SEAT_RANGE.min && seats <= FIRM_SEAT_RANGE.max;
  const scheduled = active ? current.scheduledSwitch : null;

  async function pay(choice: CreateOrderBody, autoRenew: boolean) {
    setAwaitingDetails(null);
    setBusy(true);
    setMessage({ kind: 'info', text: TEXTS.orderRedirecting });
    try {
      const created = await order.mutateAsync({ ...choice, ...(autoRenew ? { autoRenew } : {}), firmId });
      if (created.paymentUrl) return window.location.assign(created.paymentUrl);
      setMessage({ kind: 'error', text: TEXTS.orderWithoutCheckout });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, TEXTS.orderFailed) });
    }
    setBusy(false);
  }

  async function confirmed(quote: PlanChangeQuote, { autoRenew }: { autoRenew: boolean }) {
    setConfirming(null);
    const choice = { plan: quote.plan, billingPeriod: quote.billingPeriod, seats: quote.seats };
    if (quote.kind !== 'switch') {
      if (billingProfile === null) setAwaitingDetails({ choice, autoRenew });
      else void pay(choice, autoRenew);
      return;
    }
    try {
      setMessage({ kind: 'success', text: (await schedule.mutateAsync(choice)).data.message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The switch could not be scheduled. Please try again.') });
    }
  }

  async function cancelSwitch() {
    try {
      setMessage({ kind: 'success', text: (await cancel.mutateAsync()).data.message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The switch could not be cancelled. Please try again.') });
    }
  }

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
      {scheduled && (
        <section className="card stack-bottom" aria-label="Scheduled switch">
          <p>
            Switches to {plans[scheduled.plan]?.name ?? scheduled.plan} ({scheduled.billingPeriod}
            {scheduled.seats && scheduled.seats > 1 ? `, ${scheduled.seats} seats` : ''}) on {formatIndianDate(scheduled.at)}.
          </p>
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => void cancelSwitch()}>
            Cancel the switch
          </Button>
        </section>
      )}
      {confirming && (
        <ChangeConfirmation
          choice={confirming}
          firmId={firmId}
          title={plans[confirming.plan]?.name ?? confirming.plan}
          busy={busy}
          onConfirm={(quote, options) => void confirmed(quote, options)}
          onClose={() => setConfirming(null)}
        />
      )}
      {awaitingDetails && (
        <BillingDetails
          firmId={firmId}
          intro={TEXTS.billingBeforePaying}
          onSaved={() => void pay(awaitingDetails.choice, awaitingDetails.autoRenew)}
        />
      )}
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
        <PeriodToggle period={period} onChange={setPeriod} />
      </div>
      <div className="plans">
        {Object.entries(plans).map(([key, plan]) => {
          const kind = planChangeKind(running, key as CreateOrderBody['plan'], period, seats);
          const isCurrent = kind === 'renew' && running?.plan === key;
          return (
            <PlanCard
              key={key}
              id={key}
              plan={plan}
              period={period}
              seats={seatsValid ? seats : 1}
              current={isCurrent}
              firstPlanFree={false}
              button={{ text: running ? PLAN_CHANGE_BUTTONS[kind] : 'Buy for the firm', disabled: !seatsValid }}
              busy={busy}
              onChoose={() => setConfirming({ plan: key as CreateOrderBody['plan'], billingPeriod: period, seats })}
            />
          );
        })}
      </div>
      <h2>Billing details of {firm.data.name}</h2>
      <BillingDetails firmId={firmId} />
      <BillingHistory firmId={firmId} />
    </div>
  );
}
