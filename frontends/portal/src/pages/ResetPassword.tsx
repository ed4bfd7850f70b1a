import { useState, type FormEvent } from 'react';
import { MESSAGES, newPasswordSchema } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, TextField, useSearchParams } from '@portal/ui';
import { resetPassword } from '../features/auth/api';

export default function ResetPassword() {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = newPasswordSchema.safeParse(password);
    if (!checked.success) return setResult({ kind: 'error', text: checked.error.issues[0]!.message });
    if (password !== confirm) return setResult({ kind: 'error', text: MESSAGES.passwordsDoNotMatch });
    try {
      setResult({ kind: 'success', text: await resetPassword(params.get('token') ?? '', password) });
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'Your password could not be reset.') });
    }
  }

  return (
    <div className="card auth-card">
      <h1>Choose a new password</h1>
      {result && <Banner kind={result.kind === 'success' ? 'info' : 'error'}>{result.text}</Banner>}
      {result?.kind === 'success' ? (
        <Link className="btn btn-primary" to="/login">
          Sign in
        </Link>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            revealable
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            revealable
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit">Set new password</Button>
        </form>
      )}
    </div>
  );
}
