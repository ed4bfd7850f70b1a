import {
  AUTOPAY_MESSAGES,
  autopayEligible,
  formatIndianDate,
  formatRupees,
  paiseOf,
  toNearestPaisa,
  type BillingPeriod,
  type Plan,
  type PlansResponse,
} from '@portal/contracts';
import { Button } from '@portal/ui';

/** The tax year on sale now, when any plan is sold by tax year. */
export const taxYearOnSale = (plans: PlansResponse | undefined) => Object.values(plans ?? {}).find((plan) => plan.taxYear)?.taxYear;

/** Monthly, annual or, when a plan is sold so, the tax year, for the plan cards below it. */
export function PeriodToggle({
  period,
  onChange,
  taxYear,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
  taxYear?: Plan['taxYear'] | undefined;
}) {
  return (
    <div className="toggle" role="group" aria-label="Billing period">
      <button type="button" aria-pressed={period === 'monthly'} onClick={() => onChange('monthly')}>
        Monthly
      </button>
      <button type="button" aria-pressed={period === 'annual'} onClick={() => onChange('annual')}>
        Annual <span className="badge badge-green">Save 20%</span>
      </button>
      {taxYear && (
        <button type="button" aria-pressed={period === 'tax-year'} onClick={() => onChange('tax-year')}>
          {taxYear.label} <span className="badge">to {formatIndianDate(taxYear.endsAt)}</span>
        </button>
      )}
    </div>
  );
}

/** What one seat costs for the period: a month, or a year (annual, or a whole tax year). */
const periodPrice = (plan: Plan, period: BillingPeriod) => (period === 'monthly' ? plan.monthlyPrice : plan.annualPrice);

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
      ) : period === 'tax-year' && plan.taxYear ? (
        <>
          <p className="price">
            {formatRupees(plan.annualPrice)}
            <span className="muted">/tax year</span>
          </p>
          <p className="muted">
            Runs to {formatIndianDate(plan.taxYear.endsAt)}: the rest of {plan.taxYear.label.replace(/^Tax/, 'tax')} is charged by its days
            left.
          </p>
        </>
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
          {seats} seats: <strong>{formatRupees(seats * periodPrice(plan, period))}</strong>{' '}
          {period === 'monthly' ? 'a month' : period === 'annual' ? 'a year' : 'a tax year'}
        </p>
      )}
      {firstPlanFree && <p>+ 1 month free trial</p>}
      {period !== 'tax-year' && !autopayEligible(paiseOf(seats * periodPrice(plan, period))) && (
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
