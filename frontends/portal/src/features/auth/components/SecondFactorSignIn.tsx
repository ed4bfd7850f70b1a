import { useEffect, useState } from 'react';
import type { AuthResponse, SecondFactorStep, TotpEnrolment, SecondFactorSession } from '@portal/contracts';
import { Banner, Button, errorMessage, Spinner } from '@portal/ui';
import { CodeForm, RecoveryCodes, TotpSetup } from '@portal/ui/second-factor';
import { confirmLoginEnrolment, passkeySignIn, startLoginEnrolment, verifyLoginCode } from '../api';

/**
 * After the password or Google: a code from the authenticator app, a recovery code
 * or a passkey; or, for a member of a firm that requires one, setting the authenticator up first.
 */
export function SecondFactorSignIn({
  step,
  onSignedIn,
  onRestart,
}: {
  step: SecondFactorStep;
  onSignedIn: (session: AuthResponse) => void;
  onRestart: () => void;
}) {
  const [error, setError] = useState('');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  // a session held back to show the recovery codes, or how many remain
  const [held, setHeld] = useState<SecondFactorSession | null>(null);
  const failed = (failure: unknown) => setError(errorMessage(failure, 'The code could not be checked. Please try again.'));

  useEffect(() => {
    if (step.secondFactor === 'enrol') startLoginEnrolment(step.challenge).then(setEnrolment, failed);
  }, [step]);

  async function answered(call: Promise<SecondFactorSession>) {
    setError('');
    try {
      const session = await call;
      if (session.recoveryCodes || session.message) setHeld(session);
      else onSignedIn(session);
    } catch (failure) {
      failed(failure);
    }
  }

  const enter = () => held && onSignedIn({ token: held.token, user: held.user });
  return (
    <>
      {error && <Banner kind="error">{error}</Banner>}
      {held?.recoveryCodes ? (
        <RecoveryCodes codes={held.recoveryCodes} onDone={enter} />
      ) : held ? (
        <>
          <Banner kind="success">{held.message}</Banner>
          <Button className="full-width" onClick={enter}>
            Continue
          </Button>
        </>
      ) : step.secondFactor === 'enrol' ? (
        enrolment ? (
          <TotpSetup
            enrolment={enrolment}
            intro={step.message ?? 'Set up an authenticator app to go on.'}
            submitLabel="Confirm and sign in"
            onCode={(code) => answered(confirmLoginEnrolment(step.challenge, code))}
          />
        ) : (
          <Spinner label="Preparing your authenticator set-up…" showLabel />
        )
      ) : (
        <section aria-labelledby="code-heading">
          <h2 id="code-heading">Enter your authenticator code</h2>
          <p>Open the authenticator app on your phone and enter the code it shows for the Tax Practitioner Portal.</p>
          <CodeForm submitLabel="Verify and sign in" allowRecovery onSubmit={(proof) => answered(verifyLoginCode(step.challenge, proof))} />
          {step.passkey && (
            <Button variant="secondary" className="full-width" onClick={() => void answered(passkeySignIn(step.challenge))}>
              Use a passkey instead
            </Button>
          )}
        </section>
      )}
      {!held && (
        <p>
          <button type="button" className="btn btn-link" onClick={onRestart}>
            Start again
          </button>
        </p>
      )}
    </>
  );
}
