import { useState, type FormEvent, type ReactNode } from 'react';
import { MESSAGES } from '@portal/contracts';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';

/**
 * The e-mail and password form of the user's and the admin's sign-in: the required-field
 * messages, a revealable password, and a submit button that waits while `onSubmit` runs.
 * Imported by path rather than from the kit's index, so the landing page, which signs no one in,
 * does not carry it in the shared kit.
 */
export function CredentialsForm({
  emailLabel = 'Email',
  emailAutoComplete = 'email',
  initialEmail = '',
  submitLabel,
  busyLabel = submitLabel,
  onSubmit,
  onError,
  children,
}: {
  emailLabel?: string;
  emailAutoComplete?: string;
  initialEmail?: string;
  submitLabel: string;
  busyLabel?: string;
  onSubmit: (credentials: { email: string; password: string }) => Promise<void>;
  onError: (message: string) => void;
  /** Between the fields and the button (Remember me, Forgot password…). */
  children?: ReactNode;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return onError(MESSAGES.emailRequired);
    if (!password) return onError(MESSAGES.passwordRequired);
    setBusy(true);
    try {
      await onSubmit({ email, password });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label={emailLabel}
        type="email"
        autoComplete={emailAutoComplete}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {children}
      <Button type="submit" disabled={busy} className="full-width">
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
