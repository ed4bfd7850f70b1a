import { TextField } from '../components/TextField';

export interface PasswordPairProps {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  /** The first field's label; the second is "Confirm " and the same in small letters. */
  label?: string;
}

/**
 * A new password typed twice, each revealable, as sign-up and the password reset ask for it.
 * The rule that judges the pair is `newPasswordPairProblem` in the contracts, which the services
 * share. Imported by path (`@portal/ui/password-pair`), as the landing page needs none of it.
 */
export function PasswordPair({ password, confirmation, onPassword, onConfirmation, label = 'Password' }: PasswordPairProps) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        revealable
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
        revealable
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
      />
    </>
  );
}
