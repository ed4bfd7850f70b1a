import {
  billingPeriodWords,
  extraPcsLabel,
  creditNoteFileName,
  formatIndianDate,
  formatRupees,
  invoiceFileName,
  type BillingHistoryEntry,
} from '@portal/contracts';
import { Banner, Button, Spinner } from '@portal/ui';
import { useFileDownload } from '@portal/ui/save-file';
import { ScrollArea } from '@portal/ui/scroll-area';
import { TEXTS } from '../../../texts';
import { type FirmScope } from '../../../lib/firm-scope';
import { invoiceBeingIssued, useBillingHistory } from '../api';

const STATUS_LABELS: Record<BillingHistoryEntry['status'], string> = {
  completed: 'Paid',
  pending: 'Being confirmed',
  failed: 'Failed',
  expired: 'Not paid',
  amount_mismatch: 'Under review',
};

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A paid payment's refunds change what the buyer reads: refunded, in part or whole, or one under way. */
function statusLabel(payment: BillingHistoryEntry): string {
  const refunded = payment.refunds.filter((refund) => refund.state === 'completed').reduce((sum, refund) => sum + refund.amount, 0);
  if (payment.refunds.some((refund) => refund.state === 'pending')) return 'Refund pending';
  if (payment.refunds.some((refund) => refund.state === 'awaiting_details')) return 'Refund waiting for your billing details';
  if (refunded >= payment.amount) return 'Refunded';
  if (refunded > 0) return `Partially refunded (${formatRupees(refunded)})`;
  return STATUS_LABELS[payment.status];
}

/** Every payment of the user, or of a firm they manage, with its tax invoice to download once it is issued. */
export function BillingHistory({ firmId = null }: { firmId?: FirmScope } = {}) {
  const { data: payments, isPending, isError } = useBillingHistory(firmId);
  const { download, failed } = useFileDownload();

  return (
    <section className="card stack-top" aria-labelledby="billing-history">
      <h2 id="billing-history">Billing history</h2>
      {isError && <Banner kind="error">{TEXTS.historyFailed}</Banner>}
      {failed && <Banner kind="error">{TEXTS.invoiceDownloadFailed}</Banner>}
      {isPending ? (
        <Spinner />
      ) : payments?.length === 0 ? (
        <p className="muted">No payments yet. Your tax invoices will be listed here.</p>
      ) : payments ? (
        <ScrollArea label="Payments and invoices">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Invoice</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.merchantOrderId}>
                  <td>{formatIndianDate(payment.createdAt)}</td>
                  <td>
                    {payment.pcs
                      ? `${extraPcsLabel(payment.pcs)} for ${title(payment.plan)}`
                      : `${title(payment.plan)} (${billingPeriodWords(payment.billingPeriod)})${payment.seats > 1 ? `, ${payment.seats} seats` : ''}`}
                  </td>
                  <td>
                    {formatRupees(payment.amount)}
                    {payment.creditApplied > 0 && <span className="muted"> (after a credit of {formatRupees(payment.creditApplied)})</span>}
                  </td>
                  <td>{statusLabel(payment)}</td>
                  <td>
                    {payment.invoice ? (
                      <Button
                        variant="link"
                        aria-label={`Download invoice ${payment.invoice.number}`}
                        onClick={() => void download(payment.invoice!.url, invoiceFileName(payment.invoice!.number))}
                      >
                        Download invoice
                      </Button>
                    ) : (
                      <span className="muted">{invoiceBeingIssued(payment) ? 'Being issued' : '—'}</span>
                    )}
                    {[...payment.refunds.flatMap(({ creditNote }) => (creditNote ? [creditNote] : [])), ...payment.credits].map((note) => (
                      <Button
                        key={note.number}
                        variant="link"
                        aria-label={`Download credit note ${note.number}`}
                        onClick={() => void download(note.url, creditNoteFileName(note.number))}
                      >
                        Download credit note
                      </Button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
    </section>
  );
}
