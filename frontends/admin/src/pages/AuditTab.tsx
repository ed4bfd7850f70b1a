import { useEffect, useState } from 'react';
import type { AuditEvent } from '@portal/contracts';
import { api, Button, ScrollArea, Spinner } from '@portal/ui';
import { HeaderRow } from './HeaderRow';

const PAGE_SIZE = 50;
type AuditPage = { entries: (AuditEvent & { id: string })[]; total: number };

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });

/** Who changed what and when, newest first, a page at a time. */
export function AuditTab() {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<AuditPage | null | undefined>(undefined);
  useEffect(() => {
    setResult(undefined);
    api
      .get<AuditPage>('/api/admin/audit', { params: { page, limit: PAGE_SIZE } })
      .then(({ data }) => setResult(data))
      .catch((error: unknown) => {
        console.warn('could not load the audit log', error);
        setResult(null);
      });
  }, [page]);
  if (result === undefined) return <Spinner />;
  if (result === null) return <p role="alert">Failed to load the audit log</p>;
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
                <td>{when(entry.at)}</td>
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
