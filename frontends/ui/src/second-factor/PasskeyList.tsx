import { useState, type FormEvent } from 'react';
import { formatIndianDate, type PasskeyView } from '@portal/contracts';
import { errorMessage } from '../api-client';
import { Banner } from '../components/Banner';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

/** One's own passkeys (Windows Hello, a phone, a security key): added by name, listed, removed. */
export function PasskeyList({
  passkeys,
  intro = 'A passkey (Windows Hello, a phone, or a security key) can stand in for the code from your authenticator app when you sign in.',
  adding,
  onAdd,
  onRemove,
}: {
  passkeys: PasskeyView[] | undefined;
  intro?: string;
  adding: boolean;
  onAdd: (name: string) => Promise<{ message: string }>;
  onRemove: (id: string) => Promise<{ message: string }>;
}) {
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
    await run(() => onAdd(name.trim() || 'Passkey'), 'The passkey could not be added');
    setName('');
  }
  return (
    <>
      <p>{intro}</p>
      {outcome && <Banner kind={outcome.kind}>{outcome.text}</Banner>}
      <form className="row" onSubmit={add} aria-label="Add a passkey">
        <TextField label="Passkey name" placeholder="Office laptop" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={adding}>
          Add a passkey
        </Button>
      </form>
      {passkeys?.length === 0 ? (
        <p className="muted">No passkeys yet.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              {['Passkey', 'Added', 'Last used', 'Actions'].map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(passkeys ?? []).map((passkey) => (
              <tr key={passkey.id}>
                <td>
                  <bdi>{passkey.name}</bdi>
                </td>
                <td>{formatIndianDate(passkey.createdAt)}</td>
                <td>{passkey.lastUsedAt ? formatIndianDate(passkey.lastUsedAt) : 'Never'}</td>
                <td>
                  <Button
                    variant="link"
                    aria-label={`Remove the passkey ${passkey.name}`}
                    onClick={() => void run(() => onRemove(passkey.id), 'The passkey could not be removed')}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
