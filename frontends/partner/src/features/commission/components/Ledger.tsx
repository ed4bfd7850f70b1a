import { useQuery } from '@tanstack/react-query';
import { formatIndianDate, formatRupees } from '@portal/contracts';
import { Banner, Spinner } from '@portal/ui';
import { ledger } from '../api';

const KINDS = { new: 'New licence', renewal: 'Renewal', upgrade: 'Upgrade', refund: 'Refund' } as const;

/** Every commission line: one per paid order of a customer, and a negative one per refund of it. */
export function Ledger() {
  const lines = useQuery({ queryKey: ['ledger'], queryFn: ledger });
  return (
    <section aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">Ledger</h2>
      {lines.isPending && <Spinner label="Loading your ledger…" />}
      {lines.isError && <Banner kind="error">Your ledger could not be loaded. Please try again.</Banner>}
      {lines.data?.length === 0 && <p>No commission yet.</p>}
      {lines.data && lines.data.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th>Date</th>
              <th>Customer</th>
              <th>Kind</th>
              <th>On</th>
              <th>Rate</th>
              <th>Commission</th>
            </tr>
          </thead>
          <tbody>
            {lines.data.map((line) => (
              <tr key={line.id}>
                <td>{formatIndianDate(line.at)}</td>
                <td>{line.customerEmail}</td>
                <td>{KINDS[line.kind]}</td>
                <td>{formatRupees(line.base)}</td>
                <td>{line.ratePercent === null ? '—' : `${line.ratePercent}%`}</td>
                <td>{formatRupees(line.commission)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
