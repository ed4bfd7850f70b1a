import { useState, type FormEvent } from 'react';
import { Banner, Button, Spinner, TextField, useSearchParams } from '@portal/ui';
import { useCreateFirm, useMyFirms } from '../api';
import { FirmPanel } from './FirmPanel';
import { InvitationBox } from './InvitationBox';
import { useFirmMessage } from './firm-message';

/**
 * The profile's Firms tab: the firms the person belongs to, a firm of their own to
 * create, and the invitation an e-mailed link brings them here with.
 */
export function Firms({ userId }: { userId: string }) {
  const firms = useMyFirms();
  const create = useCreateFirm();
  const [params] = useSearchParams();
  const invitation = params.get('invitation');
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const { banner, run } = useFirmMessage();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => create.mutateAsync(name), 'The firm could not be created')) setName('');
  }

  if (firms.isPending) return <Spinner />;
  if (firms.isError) return <Banner kind="error">Your firms could not be loaded</Banner>;
  const current = firms.data.find((firm) => firm.id === chosen) ?? firms.data[0];
  return (
    <div aria-label="Firms">
      {invitation && <InvitationBox token={invitation} onJoined={() => setChosen(null)} />}
      {firms.data.length > 1 && (
        <div className="row" role="group" aria-label="Your firms">
          {firms.data.map((firm) => (
            <Button key={firm.id} variant={firm.id === current?.id ? 'primary' : 'secondary'} onClick={() => setChosen(firm.id)}>
              {firm.name}
            </Button>
          ))}
        </div>
      )}
      {current ? (
        <FirmPanel key={current.id} firmId={current.id} userId={userId} />
      ) : (
        <p className="muted">An office with staff can buy seats for its people on one invoice. Create a firm to invite them.</p>
      )}
      <section className="card" aria-label="Create a firm">
        {banner}
        <form className="row" onSubmit={(event) => void submit(event)}>
          <TextField label="Firm name" required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create firm'}
          </Button>
        </form>
      </section>
    </div>
  );
}
