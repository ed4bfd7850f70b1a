import { useEffect, useState, type FormEvent } from 'react';
import { newPasswordPairProblem, RESET_MESSAGES } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, Spinner, useSearchParams } from '@portal/ui';
import { PasswordPair } from '@portal/ui/password-pair';
import { checkResetLink, resetPassword } from '../features/auth/api';

/** The link is looked at first, so that a used, expired or broken one says so before anything is typed (D11). */
type LinkState = { kind: 'checking' } | { kind: 'usable' } | { kind: 'unusable'; text: string };

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [link, setLink] = useState<LinkState>(() => (token ? { kind: 'checking' } : { kind: 'unusable', text: RESET_MESSAGES.unknown }));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    checkResetLink(token).then(
      () => setLink({ kind: 'usable' }),
      (failure: unknown) => setLink({ kind: 'unusable', text: errorMessage(failure, RESET_MESSAGES.unknown) }),
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordPairProblem(password, confirm);
    if (problem) return setResult({ kind: 'error', text: problem });
    try {
      setResult({ kind: 'success', text: await resetPassword(token, password) });
    } catch (failure) {
      setResult({ kind: 'error', text: errorMessage(failure, 'Your password could not be reset.') });
    }
  }

  return (
    <div className="card auth-card">
      <h1>Choose a new password</h1>
      {link.kind === 'checking' && <Spinner label="Checking your reset link…" />}
      {link.kind === 'unusable' && (
        <>
          <Banner kind="error">{link.text}</Banner>
          <Link className="btn btn-primary" to="/forgot-password">
            Request a new link
          </Link>
        </>
      )}
      {link.kind === 'usable' && result && <Banner kind={result.kind === 'success' ? 'info' : 'error'}>{result.text}</Banner>}
      {link.kind === 'usable' &&
        (result?.kind === 'success' ? (
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
        ))}
    </div>
  );
}
