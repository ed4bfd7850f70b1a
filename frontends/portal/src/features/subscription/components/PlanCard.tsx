import { AUTOPAY_MESSAGES, autopayEligible, formatRupees, paiseOf, toNearestPaisa, type BillingPeriod, type Plan } from '@portal/contracts';
import { Button } from '@portal/ui';

/** Monthly or annual, for the plan cards below it. */
export function PeriodToggle({ period, onChange }: { period: BillingPeriod; onChange: (period: BillingPeriod) => void }) {
  return (
    <div className="toggle" role="group" aria-label="Billing period">
      <button type="button" aria-pressed={period === 'monthly'} onClick={() => onChange('monthly')}>
        Monthly
      </button>
      <button type="button" aria-pressed={period === 'annual'} onClick={() => onChange('annual')}>
        Annual <span className="badge badge-green">Save 20%</span>
      </button>
    </div>
  );
}

/** A plan with its price (GST included), the annual saving and what it includes; the pricing and subscription pages show it. */
export function PlanCard({
  id,
  plan,
  period,
  current,
  firstPlanFree,
  button,
  busy,
  onChoose,
  seats = 1,
}: {
  /** A firm's seats: the card adds what they cost together. */
  seats?: number;
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
            {formatRupees(toNearestPaisa(plan.annualPrice / 12))}
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
      {seats > 1 && (
        <p className="plan-total">
          {seats} seats: <strong>{formatRupees(seats * (period === 'annual' ? plan.annualPrice : plan.monthlyPrice))}</strong>{' '}
          {period === 'annual' ? 'a year' : 'a month'}
        </p>
      )}
      {firstPlanFree && <p>+ 1 month free trial</p>}
      {!autopayEligible(paiseOf(seats * (period === 'annual' ? plan.annualPrice : plan.monthlyPrice))) && (
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
