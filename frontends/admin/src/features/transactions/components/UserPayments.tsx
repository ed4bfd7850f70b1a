import { useState } from 'react';
import { formatRupees, planLabel, type TransactionRow } from '@portal/contracts';
import { Button, Spinner } from '@portal/ui';
import { day } from '../../../lib/format';
import { useUserPayments } from '../api';
import { adminMayNow } from '../../../admin-session';
import { RefundDialog } from './RefundDialog';
import { REFUND_LABELS } from './refund-labels';

/** The user-details dialog's payments, each completed one refundable from here as from the transactions tab. */
export function UserPayments({ userId }: { userId: string }) {
  const payments = useUserPayments(userId);
  const [refunding, setRefunding] = useState<TransactionRow | null>(null);
  const mayRefund = adminMayNow('refund');
  return (
    <section aria-label="Payments">
      <h3>Payments</h3>
      {payments.isPending ? (
        <Spinner />
      ) : payments.isError ? (
        <p role="alert">The payments could not be loaded.</p>
      ) : payments.data.length === 0 ? (
        <p className="muted">No payments.</p>
      ) : (
        <ul className="stack-bottom">
          {payments.data.map((row) => (
            <li key={row._id} className="row row-between">
              <span>
                {day(row.createdAt)} · {planLabel(row.subscriptionPlan)} · {formatRupees(row.amount)} · {row.status}
                {row.refundStatus !== 'none' && ` · ${REFUND_LABELS[row.refundStatus]}`}
                {row.invoiceNumber && ` · ${row.invoiceNumber}`}
              </span>
              {row.status === 'completed' && (mayRefund || row.refundStatus !== 'none') && (
                <Button variant="link" aria-label={`Refund ${row.transactionId}`} onClick={() => setRefunding(row)}>
                  {row.refundStatus === 'none' ? 'Refund' : 'Refunds'}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refunding && <RefundDialog row={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}
