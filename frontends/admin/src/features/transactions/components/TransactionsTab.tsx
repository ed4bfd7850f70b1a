import { useState } from 'react';
import { END_BEFORE_START, extraPcsLabel, formatRupees, planLabel, type TransactionRow } from '@portal/contracts';
import { Button, errorMessage, Spinner } from '@portal/ui';
import { Pager } from '@portal/ui/pager';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useTransactions } from '../api';
import { adminMayNow } from '../../../admin-session';
import { GstReportForm } from './GstReportForm';
import { RefundDialog } from './RefundDialog';
import { REFUND_LABELS } from './refund-labels';

type Range = { startDate: string; endDate: string };

export function TransactionsTab({ range, onRange }: { range: Range; onRange: (range: Range) => void }) {
  const [transactionId, setTransactionId] = useState('');
  // The filters that were applied, and the page of their results: typing alone changes neither.
  const [query, setQuery] = useState(() => ({ ...range, transactionId: '', page: 1 }));
  // The rows shown stay until the next answer replaces them (no spinner flashing on each filter).
  const transactions = useTransactions(query);
  const listing = transactions.isError ? 'failed' : (transactions.data ?? null);
  const [refunding, setRefunding] = useState<TransactionRow | null>(null);
  const mayRefund = adminMayNow('refund');
  // A range that ends before it starts is said beside the end date, and not asked for (D4).
  const [rangeError, setRangeError] = useState('');
  return (
    <div>
      <form
        className="row filters"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const backwards = range.startDate && range.endDate && range.endDate < range.startDate;
          setRangeError(backwards ? END_BEFORE_START : '');
          if (!backwards) setQuery({ ...range, transactionId, page: 1 });
        }}
      >
        <label>
          Start Date{' '}
          <input className="input" type="date" value={range.startDate} onChange={(e) => onRange({ ...range, startDate: e.target.value })} />
        </label>
        <span>
          <label>
            End Date{' '}
            <input
              className="input"
              type="date"
              value={range.endDate}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? 'transactions-end-error' : undefined}
              onChange={(e) => onRange({ ...range, endDate: e.target.value })}
            />
          </label>
          {rangeError && (
            <small id="transactions-end-error" className="field-error" role="alert">
              {rangeError}
            </small>
          )}
        </span>
        <label>
          Transaction ID <input className="input" value={transactionId} onChange={(e) => setTransactionId(e.target.value)} />
        </label>
        <Button type="submit">Apply Filters</Button>
      </form>
      {listing === null ? (
        <Spinner />
      ) : listing === 'failed' ? (
        <div role="alert" className="row">
          <p>{errorMessage(transactions.error, 'The transactions could not be loaded.')}</p>
          <Button variant="secondary" onClick={() => void transactions.refetch()}>
            Try again
          </Button>
        </div>
      ) : listing.transactions.length === 0 ? (
        <p>No transactions found. Try adjusting your filters.</p>
      ) : (
        <>
          <ScrollArea label="Transactions">
            <table className="table">
              <HeaderRow columns={['Transaction ID', 'User', 'Amount', 'Status', 'Plan', 'Date', 'Invoice', 'Refund']} />
              <tbody>
                {listing.transactions.map((row) => (
                  <tr key={row._id}>
                    <td>
                      {row.transactionId}
                      {row.phonePeTransactionId && <div className="muted">PhonePe: {row.phonePeTransactionId}</div>}
                      {row.phonepeOrderId && <div className="muted">Order: {row.phonepeOrderId}</div>}
                    </td>
                    <td>
                      <bdi>{row.userEmail}</bdi>
                    </td>
                    <td>
                      {formatRupees(row.amount)}
                      {row.refundedAmount > 0 && <div className="muted">−{formatRupees(row.refundedAmount)} refunded</div>}
                    </td>
                    <td>
                      {row.status}
                      {row.refundStatus !== 'none' && <div className="muted">{REFUND_LABELS[row.refundStatus]}</div>}
                    </td>
                    <td>
                      {planLabel(row.subscriptionPlan)}
                      {row.pcs && <div className="muted">{extraPcsLabel(row.pcs)}</div>}
                    </td>
                    <td>{day(row.createdAt)}</td>
                    <td>{row.invoiceNumber ?? '—'}</td>
                    <td>
                      {row.status === 'completed' && (mayRefund || row.refundStatus !== 'none') && (
                        <Button variant="link" aria-label={`Refund ${row.transactionId}`} onClick={() => setRefunding(row)}>
                          {row.refundStatus === 'none' ? 'Refund' : 'Refunds'}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
          <Pager paged={listing} onPage={(page) => setQuery({ ...query, page })} label="Pages of transactions" />
        </>
      )}
      {refunding && <RefundDialog row={refunding} onClose={() => setRefunding(null)} />}
      {adminMayNow('export-billing') && <GstReportForm />}
    </div>
  );
}
