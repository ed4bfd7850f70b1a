import { useState } from 'react';
import { formatIndianDateTime, PAGE_SIZE } from '@portal/contracts';
import { Button, Spinner } from '@portal/ui';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { useAuditPage } from '../api';

/** Who changed what and when, newest first, a page at a time. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const { data: result, isPending, isError } = useAuditPage(page);
  if (isError) return <p role="alert">Failed to load the audit log</p>;
  if (isPending) return <Spinner />;
  if (result.entries.length === 0) return <p>No admin actions recorded yet.</p>;
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  return (
    <div>
      <ScrollArea label="Audit log">
        <table className="table">
          <HeaderRow columns={['When (IST)', 'Admin', 'Action', 'Target', 'Service']} />
          <tbody>
            {result.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatIndianDateTime(entry.at)}</td>
                <td>{entry.actor}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.target.label ?? entry.target.id}
                  <div className="muted">{entry.target.type}</div>
                </td>
                <td>{entry.service}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <div className="row row-end">
        <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
