import { useQuery } from '@tanstack/react-query';
import { formatIndianDate, formatMonth, formatRupees } from '@portal/contracts';
import { Banner, Button, Spinner } from '@portal/ui';
import { useFileDownload } from '@portal/ui/save-file';
import { statements, statementUrl } from '../api';

/** The monthly statements, issued on the 3rd for the month before: commission, GST, TDS, payable, payout. */
export function Statements() {
  const list = useQuery({ queryKey: ['statements'], queryFn: statements });
  const { download, failed } = useFileDownload();
  return (
    <section aria-labelledby="statements-heading">
      <h2 id="statements-heading">Statements</h2>
      <p>
        Each month’s statement is issued on the 3rd of the next: the commission, GST at 18% if you are registered, less TDS at 2% under
        section 194H.
      </p>
      {failed && <Banner kind="error">The statement could not be downloaded. Please try again.</Banner>}
      {list.isPending && <Spinner label="Loading your statements…" />}
      {list.isError && <Banner kind="error">Your statements could not be loaded. Please try again.</Banner>}
      {list.data?.length === 0 && <p>No statement yet.</p>}
      {list.data && list.data.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th>Month</th>
              <th>Commission</th>
              <th>GST</th>
              <th>TDS</th>
              <th>Payable</th>
              <th>Paid</th>
              <th>Download</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((statement) => (
              <tr key={statement.month}>
                <td>{formatMonth(statement.month)}</td>
                <td>{formatRupees(statement.commission)}</td>
                <td>{formatRupees(statement.gst)}</td>
                <td>{formatRupees(statement.tds)}</td>
                <td>{formatRupees(statement.payable)}</td>
                <td>{statement.payout ? `${formatIndianDate(statement.payout.paidOn)}, UTR ${statement.payout.utr}` : '—'}</td>
                <td>
                  <Button
                    variant="link"
                    onClick={() => void download(statementUrl(statement.month, 'pdf'), `commission-statement-${statement.month}.pdf`)}
                  >
                    PDF
                  </Button>{' '}
                  <Button
                    variant="link"
                    onClick={() => void download(statementUrl(statement.month, 'csv'), `commission-statement-${statement.month}.csv`)}
                  >
                    CSV
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
