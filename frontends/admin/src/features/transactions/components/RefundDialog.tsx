import { useState } from 'react';
import { formatRupees, REFUND_MESSAGES, toNearestPaisa, type TransactionRow } from '@portal/contracts';
import { Banner, Button, errorMessage, Modal, Spinner, TextField } from '@portal/ui';
import { day } from '../../../lib/format';
import { useRefunds, useRequestRefund } from '../api';
import { adminMayNow } from '../../../admin-session';

export const REFUND_FAILED = 'The refund could not be requested';

const STATE_LABELS = {
  awaiting_details: "Waiting for the buyer's billing details",
  pending: 'Pending at PhonePe',
  completed: 'Completed',
  failed: 'Failed',
} as const;

/**
 * Refunds a completed payment, in full or in part, with a reason. The amount left is offered; the
 * admin is told before confirming when the refund would end the buyer's plan. When its credit note
 * lacks the buyer's address, the admin may ask the buyer from here: the refund then waits for
 * their billing details and is made once they save them.
 */
export function RefundDialog({ row, onClose }: { row: TransactionRow; onClose: () => void }) {
  // what reached us: a bank transfer's buyer may have deducted TDS
  const left = toNearestPaisa(row.paidAmount - row.refundedAmount);
  const byBank = row.paymentMethod === 'bank_transfer';
  const [amount, setAmount] = useState(String(left));
  const [reason, setReason] = useState('');
  const [utr, setUtr] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const refunds = useRefunds(row.transactionId);
  const unused = refunds.data?.unused;
  const requesting = useRequestRefund();
  const full = Number(amount) >= left && left > 0;
  const inFlight =
    row.refundStatus === 'refund_pending' ||
    row.refundStatus === 'refund_awaiting_details' ||
    refunds.data?.refunds.some((refund) => refund.state === 'pending' || refund.state === 'awaiting_details');
  const detailsMissing = message?.text === REFUND_MESSAGES.buyerDetailsMissing;

  async function submit(askBuyer = false) {
    try {
      const body = { amount: Number(amount), reason, ...(byBank && { utr }), ...(askBuyer && { askBuyer: true as const }) };
      const answer = await requesting.mutateAsync({ merchantOrderId: row.transactionId, body });
      setMessage({ kind: 'success', text: answer.message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, REFUND_FAILED) });
    }
  }

  return (
    <Modal title="Refund payment" onClose={onClose}>
      <p className="muted">
        {row.transactionId} · {row.userEmail}
        {row.invoiceNumber && ` · invoice ${row.invoiceNumber}`}
      </p>
      <p>
        Paid {formatRupees(row.paidAmount)}, refunded {formatRupees(row.refundedAmount)}, left {formatRupees(left)}.
      </p>
      {byBank && <p className="muted">{REFUND_MESSAGES.bankTransfer}</p>}
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      <section aria-label="Refund history">
        {refunds.isPending ? (
          <Spinner />
        ) : refunds.data?.refunds.length ? (
          <ul className="stack-bottom">
            {refunds.data.refunds.map((refund) => (
              <li key={refund.merchantRefundId}>
                {day(refund.createdAt)}: {formatRupees(refund.amount)}, {STATE_LABELS[refund.state]}
                {refund.creditNote && `, credit note ${refund.creditNote.number}`} ({refund.reason})
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No refunds yet.</p>
        )}
      </section>
      {adminMayNow('refund') && !inFlight && left > 0 && message?.kind !== 'success' && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label="Amount to refund (₹)"
            type="number"
            min={1}
            max={left}
            step="0.01"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          {unused && unused.amount > 0 && unused.amount < left && (
            <p className="muted">
              Unused: {formatRupees(unused.amount)}, {unused.days} of the {unused.ofDays} paid days left.{' '}
              <Button variant="secondary" onClick={() => setAmount(String(unused.amount))}>
                Refund the unused days
              </Button>
            </p>
          )}
          <TextField label="Reason" value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} required />
          {byBank && (
            <TextField label="UTR of the transfer back" value={utr} onChange={(e) => setUtr(e.target.value.toUpperCase())} required />
          )}
          {full && <Banner kind="info">{REFUND_MESSAGES.fullRefundEndsPlan}</Banner>}
          <div className="row row-end">
            <Button variant="secondary" onClick={onClose} disabled={requesting.isPending}>
              Cancel
            </Button>
            {detailsMissing ? (
              <Button variant="danger" disabled={requesting.isPending} onClick={() => void submit(true)}>
                {REFUND_MESSAGES.askBuyer}
              </Button>
            ) : (
              <Button type="submit" variant="danger" disabled={requesting.isPending}>
                {requesting.isPending ? 'Requesting…' : `Refund ${formatRupees(Number(amount) || 0)}`}
              </Button>
            )}
          </div>
        </form>
      )}
      {(!adminMayNow('refund') || inFlight || left <= 0 || message?.kind === 'success') && (
        <div className="row row-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      )}
    </Modal>
  );
}
