import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Banner, Button, Spinner, Tabs, useNavigate } from '@portal/ui';
import { Ledger } from '../features/commission/components/Ledger';
import { Statements } from '../features/commission/components/Statements';
import { Customers } from '../features/customers/components/Customers';
import { ownPartner } from '../features/session/api';
import { endPartnerSession } from '../partner-session';
import '../partner.css';

type Tab = 'customers' | 'statements' | 'ledger';

/** The partner area: its customers (and what to do for them), its statements and its ledger. */
export default function PartnerArea() {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('customers');
  const partner = useQuery({ queryKey: ['partner'], queryFn: ownPartner });

  const signOut = () => {
    endPartnerSession();
    navigate('/partner');
  };

  return (
    <main className="partner-area">
      <header className="partner-header">
        <div>
          <h1>{partner.data?.partner.legalName ?? 'Partner area'}</h1>
          {partner.data && (
            <p>
              Your code <strong>{partner.data.partner.code}</strong> · tier {partner.data.partner.tier} · sign-up link{' '}
              <code>{partner.data.link}</code>
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={signOut}>
          Sign out
        </Button>
      </header>
      {partner.isPending && <Spinner label="Loading your partner area…" />}
      {partner.isError && <Banner kind="error">Your partner area could not be loaded. Please try again.</Banner>}
      <Tabs
        label="Partner area"
        active={tab}
        onChange={setTab}
        tabs={[
          { id: 'customers', label: 'Customers' },
          { id: 'statements', label: 'Statements' },
          { id: 'ledger', label: 'Ledger' },
        ]}
      />
      {tab === 'customers' && <Customers />}
      {tab === 'statements' && <Statements />}
      {tab === 'ledger' && <Ledger />}
    </main>
  );
}
