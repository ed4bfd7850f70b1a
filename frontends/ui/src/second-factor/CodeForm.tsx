import { useState, type FormEvent } from 'react';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';

/**
 * The authenticator's six digits, or (when the admin chooses it) a recovery code; `allowRecovery`
 * is off during the enrolment, which has no recovery codes yet. For admins and practitioners alike.
 */
export function CodeForm({
  submitLabel,
  allowRecovery,
  onSubmit,
}: {
  submitLabel: string;
  allowRecovery: boolean;
  onSubmit: (proof: { code: string } | { recoveryCode: string }) => Promise<void>;
}) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(recovery ? { recoveryCode: value.trim() } : { code: value.replace(/\s+/g, '') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      {recovery ? (
        <TextField label="Recovery code" autoComplete="off" spellCheck={false} value={value} onChange={(e) => setValue(e.target.value)} />
      ) : (
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <Button type="submit" disabled={busy} className="full-width">
        {submitLabel}
      </Button>
      {allowRecovery && (
        <p>
          <Button
            variant="link"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
            }}
          >
            {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
          </Button>
        </p>
      )}
    </form>
  );
}
