import type { ReactNode } from 'react';
import type { TotpEnrolment } from '@portal/contracts';
import { CodeForm } from './CodeForm';
import './second-factor.css';

/** Scan the QR code (or type the key) into an authenticator app, then prove it with the code it shows. */
export function TotpSetup({
  enrolment,
  intro,
  submitLabel,
  onCode,
}: {
  enrolment: TotpEnrolment;
  /** Why the set-up is asked for, above the QR code. */
  intro: ReactNode;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) {
  return (
    <section aria-labelledby="enrol-heading">
      <h2 id="enrol-heading">Set up your authenticator</h2>
      <p>{intro} Scan this QR code with the app:</p>
      <img className="totp-qr" src={enrolment.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
      <p>
        Or type this key into the app: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <CodeForm
        submitLabel={submitLabel}
        allowRecovery={false}
        onSubmit={async (proof) => {
          if ('code' in proof) await onCode(proof.code);
        }}
      />
    </section>
  );
}
