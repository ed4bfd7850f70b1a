import { useState, type FormEvent } from 'react';
import { Banner, Button, errorMessage, TextField } from '@portal/ui';
import { HeaderRow } from '../../../components/HeaderRow';
import { day } from '../../../lib/format';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** The signed-in admin's own sign-in: passkeys that can stand in for the authenticator's code. */
export function PasskeysTab() {
  const passkeys = usePasskeys();
  const adding = useAddPasskey();
  const removing = useRemovePasskey();
  const [name, setName] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (work: () => Promise<{ message: string }>, failed: string) => {
    try {
      setOutcome({ kind: 'success', text: (await work()).message });
    } catch (failure) {
      setOutcome({ kind: 'error', text: errorMessage(failure, failed) });
    }
  };
  async function add(event: FormEvent) {
    event.preventDefault();
    await run(() => adding.mutateAsync(name.trim() || 'Passkey'), 'The passkey could not be added');
    setName('');
  }
  return (
    <section aria-label="My sign-in">
      <p>A passkey (Windows Hello, a phone, or a security key) can stand in for the code from your authenticator app when you sign in.</p>
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      <form className="row" onSubmit={add} aria-label="Add a passkey">
        <TextField label="Passkey name" placeholder="Office laptop" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={adding.isPending}>
          Add a passkey
        </Button>
      </form>
      <table className="table">
        <HeaderRow columns={['Passkey', 'Added', 'Last used', 'Actions']} />
        <tbody>
          {(passkeys.data ?? []).map((passkey) => (
            <tr key={passkey.id}>
              <td>
                <bdi>{passkey.name}</bdi>
              </td>
              <td>{day(passkey.createdAt)}</td>
              <td>{passkey.lastUsedAt ? day(passkey.lastUsedAt) : 'Never'}</td>
              <td>
                <Button
                  variant="link"
                  aria-label={`Remove the passkey ${passkey.name}`}
                  onClick={() => void run(() => removing.mutateAsync(passkey.id), 'The passkey could not be removed')}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {passkeys.data?.length === 0 && <p className="muted">No passkeys yet.</p>}
    </section>
  );
}
