import { useState, type FormEvent } from 'react';
import { newPasswordPairProblem } from '@portal/contracts';
import { Banner, Button, errorMessage, useSearchParams } from '@portal/ui';
import { PasswordPair } from '@portal/ui/password-pair';
import { acceptInvitation } from '../features/session/api';

/** An invited admin sets a password from the e-mailed link; the authenticator follows at the first sign-in. */
export default function AdminInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordPairProblem(password, confirmation);
    if (problem) return setMessage({ kind: 'error', text: problem });
    setBusy(true);
    try {
      setMessage({ kind: 'success', text: (await acceptInvitation(token, password)).message });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'The password could not be set') });
    } finally {
      setBusy(false);
    }
  }

  const done = message?.kind === 'success';
  return (
    <main className="card auth-card">
      <h1>Join the admin area</h1>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      {done ? (
        <p>
          <a className="btn btn-primary full-width" href="/admin/login">
            Sign in
          </a>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <PasswordPair password={password} confirmation={confirmation} onPassword={setPassword} onConfirmation={setConfirmation} />
          <Button type="submit" disabled={busy} className="full-width">
            Set my password
          </Button>
        </form>
      )}
    </main>
  );
}
