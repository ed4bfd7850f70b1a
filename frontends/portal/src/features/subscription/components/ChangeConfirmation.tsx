import { useState } from 'react';
import {
  AUTOPAY_MESSAGES,
  autopayEligible,
  billingPeriodWords,
  formatIndianDate,
  formatRupees,
  paiseOf,
  PLAN_CHANGE_BUTTONS,
  taxYearLabel,
  taxYearOf,
  type CreateOrderBody,
  type Plan,
  type PlanChangeQuote,
} from '@portal/contracts';
import { Banner, Button, errorMessage, Modal, Spinner } from '@portal/ui';
import { useChangeQuote } from '../api';
import { DiscountFigures, PromotionCodeField } from './PromotionCode';

/** The button that carries the choice out: a switch is only scheduled; anything else is paid, or settled by its credit. */
export function confirmText(quote: PlanChangeQuote): string {
  if (quote.kind === 'switch') return 'Schedule the switch';
  return quote.amountDue > 0 ? `Pay ${formatRupees(quote.amountDue)}` : 'Confirm the upgrade';
}

/**
 * Before anything is paid or scheduled, what the choice does: what happens and when,
 * the amount due now, the new end date and what the customer keeps, as billing quotes it.
 */
export function ChangeConfirmation({
  choice,
  title,
  busy,
  onConfirm,
  onProforma,
  onClose,
  firmId = null,
  taxYear,
}: {
  choice: CreateOrderBody;
  /** The plan's tax year on sale, when it is sold so: from 1 February the next year may be bought with it. */
  taxYear?: Plan['taxYear'] | undefined;
  /** A firm's choice, for its seats. */
  firmId?: string | null;
  title: string;
  busy: boolean;
  onConfirm: (quote: PlanChangeQuote, options: { autoRenew: boolean }) => void;
  /** Pay by bank transfer instead, against a pro-forma: a purchase or a renewal only. */
  onProforma?: (quote: PlanChangeQuote, options: { deductsTds: boolean }) => void;
  onClose: () => void;
}) {
  // a promotion code, once applied, asks for the quote again with it; refused, the quote without it stays
  const [applied, setApplied] = useState<string | null>(null);
  const [taxYears, setTaxYears] = useState(choice.taxYears ?? 1);
  const asked = choice.billingPeriod === 'tax-year' ? { ...choice, taxYears } : choice;
  const plain = useChangeQuote(asked, firmId);
  const coded = useChangeQuote({ ...asked, promotionCode: applied ?? undefined }, firmId, { enabled: applied !== null });
  const quote = applied !== null && coded.data ? coded.data : plain.data;
  const { error } = plain;
  // RBI's e-mandate rules want the customer's own choice: off until they tick it
  const [autoRenew, setAutoRenew] = useState(false);
  const paid = quote && quote.kind !== 'switch' && quote.amountDue > 0;
  const byTaxYear = choice.billingPeriod === 'tax-year';
  // the mandate's amount is each renewal's, a whole tax year after a tax-year term's first
  const eligible = quote ? autopayEligible(paiseOf(quote.renewalPrice ?? quote.price)) : false;
  const heading = quote ? `${PLAN_CHANGE_BUTTONS[quote.kind]}: ${title} (${billingPeriodWords(choice.billingPeriod)})` : title;
  return (
    <Modal title={heading} onClose={onClose}>
      {error ? (
        <Banner kind="error">{errorMessage(error, 'What this plan would cost could not be worked out. Please try again.')}</Banner>
      ) : !quote ? (
        <Spinner />
      ) : (
        <>
          {byTaxYear && taxYear && taxYear.years.length > 1 && (
            <TaxYearsChoice endsAt={taxYear.endsAt} years={taxYear.years} chosen={taxYears} onChoose={setTaxYears} />
          )}
          <ul className="change-summary">
            {quote.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <dl className="change-figures">
            {quote.seats > 1 && (
              <>
                <dt>Seats</dt>
                <dd>
                  {quote.seats} × {formatRupees(quote.unitPrice)}
                </dd>
              </>
            )}
            <dt>{quote.seats > 1 ? 'Total' : 'Price'}</dt>
            <dd>{formatRupees(quote.price)}</dd>
            {quote.credit > 0 && (
              <>
                <dt>Credit for your current plan</dt>
                <dd>-{formatRupees(quote.credit)}</dd>
              </>
            )}
            {quote.promotion && <DiscountFigures promotion={quote.promotion} />}
            <dt>Due now</dt>
            <dd>{formatRupees(quote.amountDue)}</dd>
            <dt>{quote.kind === 'switch' ? 'Switches on' : 'Your plan runs until'}</dt>
            <dd>{formatIndianDate(quote.kind === 'switch' ? quote.startsAt : quote.endsAt)}</dd>
          </dl>
          {(quote.kind === 'buy' || quote.kind === 'renew') && (
            <PromotionCodeField
              applied={quote.promotion?.code ?? null}
              checking={coded.isFetching}
              refusal={
                applied !== null && coded.error ? errorMessage(coded.error, 'The code could not be checked. Please try again.') : null
              }
              onApply={setApplied}
            />
          )}
          {paid &&
            (eligible ? (
              <label className="checkbox">
                <input type="checkbox" checked={autoRenew} onChange={(event) => setAutoRenew(event.target.checked)} />{' '}
                {AUTOPAY_MESSAGES.optIn}
                <span className="muted block">{AUTOPAY_MESSAGES.optInHelp}</span>
              </label>
            ) : (
              <p className="muted">{AUTOPAY_MESSAGES.notEligible}</p>
            ))}
          {paid && onProforma && (quote.kind === 'buy' || quote.kind === 'renew') && (
            <BankTransferChoice busy={busy} onChoose={(deductsTds) => onProforma(quote, { deductsTds })} />
          )}
        </>
      )}
      <div className="modal-actions">
        <Button disabled={!quote || busy} onClick={() => quote && onConfirm(quote, { autoRenew: Boolean(paid && eligible && autoRenew) })}>
          {quote ? confirmText(quote) : 'Confirm'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

/** The years bought with the rest of this one, once the next is on sale: this year alone, or the next too. */
function TaxYearsChoice({
  endsAt,
  years,
  chosen,
  onChoose,
}: {
  endsAt: string;
  years: number[];
  chosen: number;
  onChoose: (taxYears: number) => void;
}) {
  const first = taxYearOf(new Date(endsAt));
  return (
    <div className="toggle stack-bottom" role="group" aria-label="Tax years">
      {years.map((count) => (
        <button key={count} type="button" aria-pressed={chosen === count} onClick={() => onChoose(count)}>
          {count === 1 ? `${taxYearLabel(first)} only` : `With ${taxYearLabel(first + count - 1)}`}
        </button>
      ))}
    </div>
  );
}

/** Paying from the firm's bank account instead: a pro-forma to pay by NEFT, RTGS or IMPS, less TDS where the buyer deducts it. */
function BankTransferChoice({ busy, onChoose }: { busy: boolean; onChoose: (deductsTds: boolean) => void }) {
  const [deductsTds, setDeductsTds] = useState(false);
  return (
    <section className="stack-top" aria-label="Pay by bank transfer">
      <p className="muted">Or pay from your bank account by NEFT, RTGS or IMPS: we send you a pro-forma invoice to pay against.</p>
      <label className="checkbox">
        <input type="checkbox" checked={deductsTds} onChange={(event) => setDeductsTds(event.target.checked)} /> We deduct TDS under section
        194J
      </label>
      <Button variant="secondary" disabled={busy} onClick={() => onChoose(deductsTds)}>
        Get a pro-forma
      </Button>
    </section>
  );
}
