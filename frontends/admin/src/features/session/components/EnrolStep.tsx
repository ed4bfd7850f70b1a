import { useEffect, useState } from 'react';
import type { TotpEnrolment } from '@portal/contracts';
import { Spinner } from '@portal/ui';
import { startEnrolment } from '../api';
import { CodeForm } from './CodeForm';

/** The first sign-in: scan the QR code (or type the key) into an authenticator app, then prove it with a code. */
export function EnrolStep({
  challenge,
  onCode,
  onError,
}: {
  challenge: string;
  onCode: (code: string) => Promise<void>;
  onError: (failure: unknown) => void;
}) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  useEffect(() => {
    startEnrolment(challenge).then(setEnrolment, onError);
  }, [challenge, onError]);
  if (!enrolment) return <Spinner label="Preparing your authenticator set-up…" showLabel />;
  return (
    <section aria-labelledby="enrol-heading">
      <h2 id="enrol-heading">Set up your authenticator</h2>
      <p>The admin area asks for a code from an authenticator app at every sign-in. Scan this QR code with the app:</p>
      <img className="totp-qr" src={enrolment.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
      <p>
        Or type this key into the app: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <CodeForm
        submitLabel="Confirm and sign in"
        allowRecovery={false}
        onSubmit={async (proof) => {
          if ('code' in proof) await onCode(proof.code);
        }}
      />
    </section>
  );
}
