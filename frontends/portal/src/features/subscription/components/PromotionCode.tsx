import { useState } from 'react';
import { discountLabel, formatRupees, toNearestPaisa, type AppliedPromotion } from '@portal/contracts';
import { Button, TextField } from '@portal/ui';

/**
 * A promotion code at the confirmation: typed and applied, the quote is asked again
 * with it; refused, the reason shows under the field and the price stays as it was.
 */
export function PromotionCodeField({
  applied,
  checking,
  refusal,
  onApply,
}: {
  applied: string | null;
  checking: boolean;
  refusal: string | null;
  onApply: (code: string | null) => void;
}) {
  const [typed, setTyped] = useState('');
  if (applied)
    return (
      <p className="promotion-applied">
        Code <strong>{applied}</strong> applied.{' '}
        <Button variant="secondary" onClick={() => onApply(null)}>
          Remove the code
        </Button>
      </p>
    );
  return (
    <form
      className="promotion-code"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim()) onApply(typed.trim());
      }}
    >
      <TextField
        label="Promotion code"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        error={refusal ?? undefined}
      />
      <Button type="submit" variant="secondary" disabled={checking || !typed.trim()}>
        {checking ? 'Checking…' : 'Apply'}
      </Button>
    </form>
  );
}

/** The discount as the tax invoice will show it: off the price before GST, then GST on the rest. */
export function DiscountFigures({ promotion }: { promotion: AppliedPromotion }) {
  return (
    <>
      <dt>Price before GST</dt>
      <dd>{formatRupees(promotion.listTaxableValue)}</dd>
      <dt>{discountLabel(promotion)}</dt>
      <dd>-{formatRupees(promotion.discount)}</dd>
      <dt>GST on {formatRupees(promotion.taxableValue)}</dt>
      <dd>{formatRupees(toNearestPaisa(promotion.amountDue - promotion.taxableValue))}</dd>
    </>
  );
}
