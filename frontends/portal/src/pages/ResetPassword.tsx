import { useState, type FormEvent } from 'react';
import { newPasswordPairProblem } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, useSearchParams } from '@portal/ui';
import { PasswordPair } from '@portal/ui/password-pair';
import { resetPassword } from '../features/auth/api';

export default function ResetPassword() {
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordPairProblem(password, confirm);
    if (problem) return setResult({ kind: 'error', text: problem });
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
          <PasswordPair
            label="New password"
            password={password}
            confirmation={confirm}
            onPassword={setPassword}
            onConfirmation={setConfirm}
          />
          <Button type="submit">Set new password</Button>
        </form>
      )}
    </div>
  );
}
