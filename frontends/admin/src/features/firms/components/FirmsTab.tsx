import { useState } from 'react';
import { formatIndianDate, planLabel, subscriptionStatusLabel } from '@portal/contracts';
import { Spinner } from '@portal/ui';
import { Pager } from '@portal/ui/pager';
import { ScrollArea } from '@portal/ui/scroll-area';
import { HeaderRow } from '../../../components/HeaderRow';
import { useFirmsPage } from '../api';

const ROLE_LABELS = { owner: 'owner', admin: 'firm admin', member: 'member' } as const;

/** Practices with staff: each firm's owner, seats used of bought, plan and people, newest first. */
export function FirmsTab() {
  const [page, setPage] = useState(1);
  const { data: result, isPending, isError } = useFirmsPage(page);
  if (isError) return <p role="alert">Failed to load the firms</p>;
  if (isPending) return <Spinner />;
  if (result.firms.length === 0) return <p>No firms yet.</p>;
  return (
    <div>
      <ScrollArea label="Firms">
        <table className="table">
          <HeaderRow columns={['Firm', 'Owner', 'Seats', 'Plan', 'Status', 'Members']} />
          <tbody>
            {result.firms.map((firm) => (
              <tr key={firm.id}>
                <td>
                  {firm.name}
                  <div className="muted">since {formatIndianDate(firm.createdAt)}</div>
                </td>
                <td>{firm.owner ? firm.owner.name || firm.owner.email : '—'}</td>
                <td>
                  {firm.seats.used} of {firm.seats.bought} in use
                </td>
                <td>{planLabel(firm.plan)}</td>
                <td>
                  {subscriptionStatusLabel(firm.status)}
                  {firm.endsAt && <div className="muted">until {formatIndianDate(firm.endsAt)}</div>}
                </td>
                <td>
                  <ul className="plain-list">
                    {firm.members.map((member) => (
                      <li key={member.userId}>
                        {member.name || member.email} <span className="muted">({ROLE_LABELS[member.role]})</span>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <Pager paged={result} onPage={setPage} label="Pages of firms" />
    </div>
  );
}
