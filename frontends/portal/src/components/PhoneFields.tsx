import { TextField } from '@portal/ui';

/** An Indian mobile number as people type it; the services take +91, spaces and a leading 0. */
export function MobileNumberField({ value, onChange, hint }: { value: string; onChange: (value: string) => void; hint: string }) {
  return (
    <TextField
      label="Mobile number"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      required
      maxLength={20}
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The 6-digit code an SMS brought, which the phone may offer to fill in. */
export function SmsCodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Code from the SMS"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="\d{6}"
      maxLength={6}
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
