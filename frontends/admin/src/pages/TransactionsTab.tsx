import { useCallback, useEffect, useState } from 'react';
import type { TransactionRow } from '@portal/contracts';
import { api, Button, Spinner } from '@portal/ui';
import { day, rupees } from './format';
import { HeaderRow } from './HeaderRow';

export function TransactionsTab({
  range,
  onRange,
}: {
  range: { startDate: string; endDate: string };
  onRange: (range: { startDate: string; endDate: string }) => void;
}) {
  const [transactionId, setTransactionId] = useState('');
  const [rows, setRows] = useState<TransactionRow[] | null>(null);
  const load = useCallback(async () => {
    const { data } = await api.get<{ transactions: TransactionRow[] }>('/api/admin/transactions', {
      params: { ...range, ...(transactionId ? { transactionId } : {}) },
    });
    setRows(data.transactions);
  }, [range, transactionId]);
  // Loaded once with the default range; after that the filters apply on "Apply Filters".
  const [initial] = useState(() => load);
  useEffect(() => {
    void initial().catch(() => setRows([]));
  }, [initial]);
  return (
    <div>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          void load();
        }}
      >
        <label>
          Start Date <input type="date" value={range.startDate} onChange={(e) => onRange({ ...range, startDate: e.target.value })} />
        </label>
        <label>
          End Date <input type="date" value={range.endDate} onChange={(e) => onRange({ ...range, endDate: e.target.value })} />
        </label>
        <label>
          Transaction ID <input value={transactionId} onChange={(e) => setTransactionId(e.target.value)} />
        </label>
        <Button type="submit">Apply Filters</Button>
      </form>
      {rows === null ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <p>No transactions found. Try adjusting your filters.</p>
      ) : (
        <table className="table">
          <HeaderRow columns={['Transaction ID', 'User', 'Amount', 'Status', 'Plan', 'Date']} />
          <tbody>
            {rows.map((row) => (
              <tr key={row._id}>
                <td>
                  {row.transactionId}
                  {row.phonePeTransactionId && <div className="muted">PhonePe: {row.phonePeTransactionId}</div>}
                  {row.phonepeOrderId && <div className="muted">Order: {row.phonepeOrderId}</div>}
                </td>
                <td>{row.userEmail}</td>
                <td>{rupees(row.amount)}</td>
                <td>{row.status}</td>
                <td>{row.subscriptionPlan}</td>
                <td>{day(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
