import { useState, type FormEvent } from 'react';
import {
  BILLING_PERIODS,
  billingPeriodLabel,
  formatRupees,
  planTitle,
  PRICED_PLANS,
  PROMOTION_MESSAGES,
  type BillingPeriod,
  type PricedPlan,
  type PromotionView,
} from '@portal/contracts';
import { Banner, Button, errorMessage, TextField } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { adminMayNow } from '../../../admin-session';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useCreatePromotion, useDeactivatePromotion, usePromotions, type NewPromotion } from '../api';
import { ReferralCredits } from './ReferralCredits';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** A date the admin picked, as the last instant of that day in India, when a campaign's code stops. */
const endOfIndianDay = (date: string) => new Date(`${date}T23:59:59.999+05:30`).toISOString();

const describeDiscount = ({ discount, forPeriods }: PromotionView) =>
  `${discount.kind === 'percent' ? `${discount.percent}% off` : `${formatRupees(discount.amount)} off`}${
    forPeriods > 1 ? `, for ${forPeriods} periods` : ''
  }`;
const describeScope = (promotion: PromotionView) =>
  `${promotion.plans.map(planTitle).join(', ')}; ${promotion.billingPeriods.map(billingPeriodLabel).join(', ')}${
    promotion.firstPurchaseOnly ? '; first purchase only' : ''
  }`;
const describeLimits = (promotion: PromotionView) =>
  `${promotion.maxRedemptions === null ? 'No total limit' : `${promotion.maxRedemptions} in all`}; ${promotion.perCustomerLimit} per customer`;

function Choices<T extends string>({
  legend,
  options,
  label,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  label: (option: T) => string;
  chosen: T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <fieldset className="field">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(option)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, option] : chosen.filter((other) => other !== option))}
          />{' '}
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}

function NewCodeForm({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const creating = useCreatePromotion();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [plans, setPlans] = useState<PricedPlan[]>([...PRICED_PLANS]);
  const [periods, setPeriods] = useState<BillingPeriod[]>([...BILLING_PERIODS]);
  const [firstPurchaseOnly, setFirstPurchaseOnly] = useState(false);
  const [maxRedemptions, setMaxRedemptions] = useState('');
  const [perCustomerLimit, setPerCustomerLimit] = useState('1');
  const [forPeriods, setForPeriods] = useState('1');
  const [expiresOn, setExpiresOn] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = Number(value);
    const body: NewPromotion = {
      code,
      discount: kind === 'percent' ? { kind, percent: amount } : { kind, amount },
      plans,
      billingPeriods: periods,
      firstPurchaseOnly,
      maxRedemptions: maxRedemptions ? Number(maxRedemptions) : null,
      perCustomerLimit: Number(perCustomerLimit),
      forPeriods: Number(forPeriods),
      expiresAt: expiresOn ? endOfIndianDay(expiresOn) : null,
    };
    try {
      const made = await creating.mutateAsync(body);
      onOutcome({ kind: 'success', text: `The code ${made.code} is ready.` });
      setCode('');
      setValue('');
    } catch (failure) {
      onOutcome({ kind: 'error', text: errorMessage(failure, 'The code could not be made') });
    }
  }

  return (
    <form className="promotion-form" onSubmit={submit} aria-label="New promotion code">
      <TextField
        label="Code"
        value={code}
        onChange={(e) => setCode(e.target.value.toUpperCase())}
        hint={PROMOTION_MESSAGES.code}
        required
      />
      <div className="field">
        <label htmlFor="promotion-kind">Discount</label>
        <select id="promotion-kind" className="input" value={kind} onChange={(e) => setKind(e.target.value as 'percent' | 'amount')}>
          <option value="percent">Percentage off</option>
          <option value="amount">Amount off, in ₹ before GST</option>
        </select>
      </div>
      <TextField
        label={kind === 'percent' ? 'Percentage' : 'Amount (₹)'}
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        required
      />
      <TextField
        label="For how many periods"
        hint="1 for the first payment only; more for the renewals after it too"
        inputMode="numeric"
        value={forPeriods}
        onChange={(e) => setForPeriods(e.target.value)}
      />
      <Choices legend="Plans" options={PRICED_PLANS} label={planTitle} chosen={plans} onChange={setPlans} />
      <Choices legend="Billing periods" options={BILLING_PERIODS} label={billingPeriodLabel} chosen={periods} onChange={setPeriods} />
      <label className="checkbox">
        <input type="checkbox" checked={firstPurchaseOnly} onChange={(e) => setFirstPurchaseOnly(e.target.checked)} /> First purchase only
      </label>
      <TextField
        label="Redemptions in all"
        hint="Empty for no limit"
        inputMode="numeric"
        value={maxRedemptions}
        onChange={(e) => setMaxRedemptions(e.target.value)}
      />
      <TextField
        label="Redemptions per customer"
        inputMode="numeric"
        value={perCustomerLimit}
        onChange={(e) => setPerCustomerLimit(e.target.value)}
      />
      <TextField label="Last day (India time)" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
      <Button type="submit" disabled={creating.isPending}>
        Make the code
      </Button>
    </form>
  );
}

/** Promotion codes: the codes with their use, a new one, and ending one; finance and owners change them. */
export function PromotionsTab() {
  const promotions = usePromotions();
  const deactivating = useDeactivatePromotion();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mayChange = adminMayNow('manage-promotions');
  const end = async (code: string) => {
    try {
      await deactivating.mutateAsync(code);
      setOutcome({ kind: 'success', text: PROMOTION_MESSAGES.deactivated(code) });
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, 'The code could not be ended') });
    }
  };
  return (
    <section aria-label="Promotion codes">
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      {mayChange && <NewCodeForm onOutcome={setOutcome} />}
      <ScrollArea label="Promotion codes">
        <table className="table">
          <HeaderRow
            columns={['Code', 'Discount', 'Applies to', 'Limits', 'Last day', 'Paid', 'At checkout', 'Discount given', 'State', 'Actions']}
          />
          <tbody>
            {(promotions.data ?? []).map((promotion) => (
              <tr key={promotion.code}>
                <td>
                  <code>{promotion.code}</code>
                </td>
                <td>{describeDiscount(promotion)}</td>
                <td>{describeScope(promotion)}</td>
                <td>{describeLimits(promotion)}</td>
                <td>{day(promotion.expiresAt)}</td>
                <td>{promotion.redeemed}</td>
                <td>{promotion.reserved}</td>
                <td>{formatRupees(promotion.discountGiven)}</td>
                <td>{promotion.active ? 'Active' : 'Ended'}</td>
                <td>
                  {mayChange && promotion.active && (
                    <Button
                      variant="link"
                      aria-label={`End the code ${promotion.code}`}
                      onClick={() =>
                        window.confirm(`End the code ${promotion.code}? Orders already at checkout keep it.`) && void end(promotion.code)
                      }
                    >
                      End
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <ReferralCredits />
    </section>
  );
}
