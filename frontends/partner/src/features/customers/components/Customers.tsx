import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatIndianDate, planLabel } from '@portal/contracts';
import { Banner, Button, Spinner, TextField } from '@portal/ui';
import { customers } from '../api';
import { CustomerPanel } from './CustomerPanel';

const day = (iso: string | null) => (iso ? formatIndianDate(iso) : '—');

/** The partner's customers, found by e-mail; one opened shows its plan and PCs and takes a pro-forma. */
export function Customers() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['customers', search], queryFn: () => customers(search) });

  const find = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <section aria-labelledby="customers-heading">
      <h2 id="customers-heading">Your customers</h2>
      <form className="inline-form" onSubmit={find} role="search">
        <TextField label="Find a customer by e-mail" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
      {list.isPending && <Spinner label="Loading your customers…" />}
      {list.isError && <Banner kind="error">Your customers could not be loaded. Please try again.</Banner>}
      {list.data?.length === 0 && <p>{search ? 'No customer of yours matches.' : 'No customers yet. Share your code or sign-up link.'}</p>}
      {list.data && list.data.length > 0 && (
        <table className="data-table">
          <thead>
            <tr>
              <th>Customer</th>
              <th>Plan</th>
              <th>Status</th>
              <th>Ends</th>
              <th>Renewal</th>
              <th>
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((one) => (
              <tr key={one.userId}>
                <td>{one.email}</td>
                <td>{planLabel(one.plan)}</td>
                <td>{one.status}</td>
                <td>{day(one.endsAt)}</td>
                <td>{one.renewalDue ? 'Due' : '—'}</td>
                <td>
                  <Button variant="link" onClick={() => setOpen(one.userId)} aria-label={`Open ${one.email}`}>
                    Open
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <CustomerPanel userId={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
