import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, TextField } from '@portal/ui';
import { requestPasswordReset } from '../features/auth/api';

export default function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setResult({ kind: 'error', text: MESSAGES.emailRequired });
    setBusy(true);
    try {
      setResult({ kind: 'success', text: await requestPasswordReset(email) });
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'The reset link could not be sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card auth-card">
      <h1>Reset your password</h1>
      <p className="muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      {result && <Banner kind={result.kind === 'success' ? 'info' : 'error'}>{result.text}</Banner>}
      <form onSubmit={submit} noValidate>
        <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Button type="submit" disabled={busy}>
          Send reset link
        </Button>
      </form>
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </div>
  );
}
