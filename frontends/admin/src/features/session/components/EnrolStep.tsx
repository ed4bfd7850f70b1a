import { useEffect, useState } from 'react';
import type { TotpEnrolment } from '@portal/contracts';
import { Spinner } from '@portal/ui';
import { TotpSetup } from '@portal/ui/second-factor';
import { startEnrolment } from '../api';

/** The first sign-in: the authenticator is set up before the admin area opens. */
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
    <TotpSetup
      enrolment={enrolment}
      intro="The admin area asks for a code from an authenticator app at every sign-in."
      submitLabel="Confirm and sign in"
      onCode={onCode}
    />
  );
}
