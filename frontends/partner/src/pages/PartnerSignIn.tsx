import { lazy, Suspense, useState } from 'react';
import { PARTNER_MESSAGES, type SecondFactorStep } from '@portal/contracts';
import { Banner, errorMessage, Spinner, useNavigate } from '@portal/ui';
import { CredentialsForm } from '@portal/ui/credentials-form';
import { codeStep, partnerSession, passwordStep } from '../features/session/api';
import { savePartnerSession } from '../partner-session';

// The code's form comes with the second step: the sign-in page carries only the password's.
const CodeForm = lazy(() => import('@portal/ui/second-factor').then((module) => ({ default: module.CodeForm })));

/**
 * A partner's staff member signs in with their portal account: the password, then the code from
 * their authenticator (a second factor is required here), and their token buys the partner token.
 */
export default function PartnerSignIn() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<SecondFactorStep | null>(null);

  async function enter(userToken: string) {
    const { token, partnerId, email } = await partnerSession(userToken);
    savePartnerSession(token, { email, partnerId });
    navigate('/partner/area');
  }

  async function submitPassword(credentials: { email: string; password: string }) {
    setError(null);
    try {
      const answer = await passwordStep(credentials);
      if ('token' in answer) await enter(answer.token);
      else if (answer.secondFactor !== 'totp') setError(PARTNER_MESSAGES.secondFactorRequired);
      else setStep(answer);
    } catch (failure) {
      setError(errorMessage(failure, 'Sign-in failed. Please try again.'));
    }
  }

  async function submitCode(proof: { code: string } | { recoveryCode: string }) {
    setError(null);
    try {
      await enter((await codeStep(step!.challenge, proof)).token);
    } catch (failure) {
      setError(errorMessage(failure, 'Sign-in failed. Please try again.'));
    }
  }

  return (
    <main className="card auth-card">
      <h1>Partner sign-in</h1>
      <p>For the staff of the portal’s dealers. Sign in with your portal account; a code from your authenticator app is required.</p>
      {error && <Banner kind="error">{error}</Banner>}
      {step ? (
        <section aria-labelledby="partner-code-heading">
          <h2 id="partner-code-heading">Enter your authenticator code</h2>
          <Suspense fallback={<Spinner />}>
            <CodeForm submitLabel="Verify and open the partner area" allowRecovery onSubmit={submitCode} />
          </Suspense>
          <button type="button" className="btn btn-link" onClick={() => setStep(null)}>
            Start again with the password
          </button>
        </section>
      ) : (
        <CredentialsForm emailAutoComplete="username" submitLabel="Continue" onSubmit={submitPassword} onError={setError} />
      )}
      <p>
        <a href="/">Back to the main site</a>
      </p>
    </main>
  );
}
