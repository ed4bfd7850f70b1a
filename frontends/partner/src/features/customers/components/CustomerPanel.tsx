import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BILLING_PERIODS, formatIndianDate, formatRupees, planLabel, PRICED_PLANS, type ProformaView } from '@portal/contracts';
import { Banner, Button, errorMessage, SelectField, Spinner } from '@portal/ui';
import { customer, raiseProforma } from '../api';

/** One customer: their plan, its end and their PCs; and a pro-forma raised in their name for a purchase or renewal. */
export function CustomerPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const details = useQuery({ queryKey: ['customer', userId], queryFn: () => customer(userId) });
  const [plan, setPlan] = useState<string>('professional');
  const [billingPeriod, setBillingPeriod] = useState<string>('annual');
  const [payer, setPayer] = useState<string>('');
  const [raised, setRaised] = useState<ProformaView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const firm = details.data?.firms.find((one) => one.name === payer);
      setRaised(await raiseProforma(userId, { plan, billingPeriod, ...(firm && { firmId: firm.id }) }));
    } catch (failure) {
      setError(errorMessage(failure, 'The pro-forma could not be raised. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const data = details.data;
  return (
    <section className="card" aria-labelledby="customer-heading">
      <h3 id="customer-heading">{data?.customer.email ?? 'Customer'}</h3>
      {details.isPending && <Spinner label="Loading the customer…" />}
      {details.isError && <Banner kind="error">The customer could not be loaded.</Banner>}
      {data && (
        <>
          <dl className="facts">
            <dt>Plan</dt>
            <dd>{planLabel(data.customer.plan)}</dd>
            <dt>Status</dt>
            <dd>{data.customer.renewalDue ? `${data.customer.status}, renewal due` : data.customer.status}</dd>
            <dt>Ends</dt>
            <dd>{data.customer.endsAt ? formatIndianDate(data.customer.endsAt) : '—'}</dd>
            <dt>Your customer since</dt>
            <dd>{formatIndianDate(data.customer.since)}</dd>
          </dl>
          <h4>PCs in use</h4>
          {data.devices.length === 0 ? (
            <p>No PC is activated.</p>
          ) : (
            <ul>
              {data.devices.map((device) => (
                <li key={device.deviceId}>
                  {device.deviceName} ({device.os}, version {device.appVersion}), last seen {formatIndianDate(device.lastSeenAt)}
                </li>
              ))}
            </ul>
          )}
          <h4>Raise a pro-forma</h4>
          <p>The pro-forma is in the customer’s name and e-mailed to them; the plan they pay for is theirs.</p>
          <form onSubmit={submit}>
            {data.firms.length > 0 && (
              <SelectField
                label="Paid by"
                options={[data.customer.email, ...data.firms.map((firm) => firm.name)]}
                value={payer || data.customer.email}
                onChange={(event) => setPayer(event.target.value)}
              />
            )}
            <SelectField label="Plan" options={PRICED_PLANS} value={plan} onChange={(event) => setPlan(event.target.value)} />
            <SelectField
              label="Billing period"
              options={BILLING_PERIODS}
              value={billingPeriod}
              onChange={(event) => setBillingPeriod(event.target.value)}
            />
            <Button type="submit" disabled={busy}>
              {busy ? 'Raising…' : 'Raise pro-forma'}
            </Button>
          </form>
          {error && <Banner kind="error">{error}</Banner>}
          {raised && (
            <Banner kind="success">
              Pro-forma {raised.number}
              {raised.firm ? ` for ${raised.firm}` : ''} for {formatRupees(raised.total)} sent to {raised.customerEmail}, valid until{' '}
              {formatIndianDate(raised.validUntil)}.
            </Banner>
          )}
        </>
      )}
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
