import { useState } from 'react';
import { AUTOPAY_MESSAGES, formatIndianDate, formatRupees, MANDATE_STATE_LABELS, type SubscriptionStatus } from '@portal/contracts';
import { Button, errorMessage } from '@portal/ui';
import { useRenewalSettings } from '../api';
import type { Message } from '../../../texts';

/**
 * How the customer's plan renews: UPI Autopay's state, its next debit and a way
 * to turn it off; and "Cancel subscription", with an optional reason, which can be undone until
 * the end.
 */
export function RenewalSettings({
  status,
  onMessage,
  firmId = null,
}: {
  status: SubscriptionStatus;
  onMessage: (message: Message) => void;
  firmId?: string | null;
}) {
  const { turnOffAutopay, cancel, undoCancel } = useRenewalSettings(firmId);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const autoRenew = status.autoRenew ?? null;
  const cancellation = status.cancellation ?? null;

  async function run(action: () => Promise<{ data: { message: string } }>, failed: string) {
    try {
      onMessage({ kind: 'success', text: (await action()).data.message });
      setCancelling(false);
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure, failed) });
    }
  }

  return (
    <section className="card stack-bottom" aria-labelledby="renewal">
      <h2 id="renewal">Renewal</h2>
      {autoRenew?.on ? (
        <>
          <p>
            Auto-renew is on: UPI Autopay debits {formatRupees(autoRenew.amount)}
            {autoRenew.nextDebitDate && <> on {formatIndianDate(autoRenew.nextDebitDate)}</>}. Mandate {autoRenew.mandateReference} (
            {MANDATE_STATE_LABELS[autoRenew.state]}).
          </p>
          {autoRenew.upcomingDebit && (
            <p role="status">
              Upcoming debit: {formatRupees(autoRenew.upcomingDebit.amount)} on {formatIndianDate(autoRenew.upcomingDebit.date)}.
            </p>
          )}
          <Button
            variant="secondary"
            disabled={turnOffAutopay.isPending}
            onClick={() => void run(() => turnOffAutopay.mutateAsync(), 'Auto-renew could not be turned off. Please try again.')}
          >
            Turn off auto-renew
          </Button>
        </>
      ) : (
        <p>
          Auto-renew is off
          {autoRenew && autoRenew.state !== 'active' && (
            <>
              {' '}
              (mandate {autoRenew.mandateReference}: {MANDATE_STATE_LABELS[autoRenew.state]})
            </>
          )}
          . To renew automatically, choose Renew below and tick “{AUTOPAY_MESSAGES.optIn}”.
        </p>
      )}
      {cancellation ? (
        <>
          <p>Your subscription is cancelled and ends on {formatIndianDate(cancellation.endsAt)}. Nothing more will be charged.</p>
          <Button
            disabled={undoCancel.isPending}
            onClick={() => void run(() => undoCancel.mutateAsync(), 'The cancellation could not be undone. Please try again.')}
          >
            Undo the cancellation
          </Button>
        </>
      ) : cancelling ? (
        <form
          className="stack-top"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => cancel.mutateAsync(reason), 'The subscription could not be cancelled. Please try again.');
          }}
        >
          <label htmlFor="cancel-reason">Why are you leaving? (optional)</label>
          <textarea id="cancel-reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          <p className="muted">You keep access until {status.subscriptionEndDate && formatIndianDate(status.subscriptionEndDate)}.</p>
          <div className="modal-actions">
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              Confirm cancellation
            </Button>
            <Button variant="secondary" onClick={() => setCancelling(false)}>
              Keep my subscription
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setCancelling(true)}>
          Cancel subscription
        </Button>
      )}
    </section>
  );
}
