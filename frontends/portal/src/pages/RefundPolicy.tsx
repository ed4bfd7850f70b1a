// A template for the seller's lawyer to finish (docs/decisions/0030). Every rule here is
// what billing does; the figures come from @portal/contracts, so a change there changes the page
// (behaviour.md §4).
import { AUTOPAY_LIMIT_PAISE, DUNNING_DAYS, formatPaise, GRACE_DAYS, TRIAL_DAYS } from '@portal/contracts';
import { Link } from '@portal/ui';
import { PolicyPage } from '../components/PolicyPage';
import { withQueries } from '../queries';

function RefundPolicy() {
  return (
    <PolicyPage policy="refund">
      {(seller) => (
        <>
          <h2>Trial</h2>
          <p>The free trial lasts {TRIAL_DAYS} days and costs nothing. It ends by itself; nothing is charged when it ends.</p>
          <h2>Cancellation</h2>
          <ul>
            <li>
              You can cancel your plan at any time on the <Link to="/subscription">Subscription</Link> page. Nothing renews after that, and
              you keep access until the end of the period you paid for.
            </li>
            <li>Until that date you can undo the cancellation, and the plan renews as before.</li>
            <li>Cancelling does not refund the period already running.</li>
          </ul>
          <h2>Auto-renewal with UPI Autopay</h2>
          <ul>
            <li>
              Auto-renewal is off unless you tick it when you pay. You can turn it off at any time; the next debit then does not happen.
            </li>
            <li>
              Before each renewal you receive a notice, at least 24 hours before the debit, with the amount and the date. The debit is never
              made before your paid period ends.
            </li>
            <li>
              Autopay renews plans of up to {formatPaise(AUTOPAY_LIMIT_PAISE)} a payment; dearer plans renew by a payment you approve.
            </li>
            <li>
              If a renewal debit fails, you keep access for {GRACE_DAYS} days and we remind you {DUNNING_DAYS.length} times to pay. If it is
              not paid by then, the plan ends.
            </li>
          </ul>
          <h2>Changing plans</h2>
          <ul>
            <li>
              Moving to a higher plan or a longer period starts at once. The unused value of your current period is deducted from its price,
              to the paisa, and your earlier invoice receives a credit note for it.
            </li>
            <li>Moving to a lower plan or a shorter period takes effect at your next renewal, and is paid then.</li>
          </ul>
          <h2>Refunds</h2>
          <ul>
            <li>
              If you were charged twice, charged for a plan that did not start, or are unhappy with a payment, write to{' '}
              <a href={`mailto:${seller.email}`}>{seller.email}</a> with the invoice number. We answer within 7 working days.
            </li>
            <li>
              An approved refund, full or partial, goes back to the account you paid from, through PhonePe, usually within 5 to 7 working
              days. You receive a GST credit note for it.
            </li>
            <li>A full refund of the period running now ends that period's access when the refund completes.</li>
          </ul>
        </>
      )}
    </PolicyPage>
  );
}

export default withQueries(RefundPolicy);
