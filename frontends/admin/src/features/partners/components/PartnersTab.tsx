import { useState } from 'react';
import { Banner, Spinner } from '@portal/ui';
import { adminMayNow } from '../../../admin-session';
import { usePartners } from '../api';
import { NewPartnerForm } from './NewPartnerForm';
import { PartnerCard } from './PartnerCard';
import { TierRates } from './TierRates';

export type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** The dealers: each with its code, tier, status, staff and statements; a new one made here. */
export function PartnersTab() {
  const partners = usePartners();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const manage = adminMayNow('manage-partners');
  return (
    <section aria-labelledby="partners-heading">
      <h2 id="partners-heading">Partners</h2>
      <p className="muted">
        Dealers who sell for you. Their staff sign in at /partner with a second factor; commission follows each tier’s rates.
      </p>
      {outcome && (
        <Banner kind={outcome.kind} onDone={() => setOutcome(null)}>
          {outcome.text}
        </Banner>
      )}
      {partners.isPending && <Spinner label="Loading partners…" />}
      {partners.isError && <Banner kind="error">The partners could not be loaded. Please try again.</Banner>}
      {partners.data?.partners.length === 0 && <p>No partner yet.</p>}
      {partners.data?.partners.map((partner) => (
        <PartnerCard key={partner.id} partner={partner} rates={partners.data.rates[partner.tier]} onOutcome={setOutcome} />
      ))}
      {manage && partners.data && <TierRates rates={partners.data.rates} onOutcome={setOutcome} />}
      {manage && <NewPartnerForm onOutcome={setOutcome} />}
    </section>
  );
}
