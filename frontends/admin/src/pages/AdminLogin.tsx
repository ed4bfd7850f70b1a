import { useCallback, useState } from 'react';
import type { SecondFactorStep } from '@portal/contracts';
import { Banner, Button, errorMessage, useNavigate, useSearchParams } from '@portal/ui';
import { CredentialsForm } from '@portal/ui/credentials-form';
import { CodeForm, RecoveryCodes } from '@portal/ui/second-factor';
import { saveAdminSession } from '../admin-session';
import { adminLogin, adminSignup, confirmEnrolment, passkeySignIn, verifySecondFactor, type AdminSignedIn } from '../features/session/api';
import { EnrolStep } from '../features/session/components/EnrolStep';

type Message = { kind: 'success' | 'error'; text: string };

/**
 * Admin sign-in; `?mode=signup` opens the hidden sign-up mode (the server refuses it unless enabled).
 * The password is followed by the second factor: its enrolment at the first sign-in,
 * with the recovery codes shown once, or a code from the authenticator app.
 */
export default function AdminLogin() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const signup = params.get('mode') === 'signup';
  const [message, setMessage] = useState<Message | null>(null);
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const [enrolled, setEnrolled] = useState<AdminSignedIn | null>(null);

  const failed = useCallback((failure: unknown) => setMessage({ kind: 'error', text: errorMessage(failure, 'Admin login failed') }), []);

  function enter({ token, user }: AdminSignedIn) {
    saveAdminSession(token, user);
    navigate('/admin/dashboard');
  }

  async function submitPassword({ email, password }: { email: string; password: string }) {
    try {
      if (signup) {
        await adminSignup({ email, password });
        setMessage({ kind: 'success', text: 'Admin account created successfully! Please sign in.' });
        setParams({});
      } else {
        setMessage(null);
        setStep(await adminLogin({ email, password }));
      }
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, signup ? 'Admin signup failed' : 'Admin login failed') });
    }
  }

  async function submitCode(proof: { code: string } | { recoveryCode: string }) {
    try {
      const session = await verifySecondFactor(step!.challenge, proof);
      // a recovery code was used: say how many remain before going on
      if (session.message) {
        setEnrolled(session);
        setMessage({ kind: 'success', text: session.message });
      } else enter(session);
    } catch (failure) {
      failed(failure);
    }
  }

  async function submitPasskey() {
    try {
      enter(await passkeySignIn(step!.challenge));
    } catch (failure) {
      failed(failure);
    }
  }

  async function submitEnrolment(code: string) {
    try {
      setEnrolled(await confirmEnrolment(step!.challenge, code));
      setMessage(null);
    } catch (failure) {
      failed(failure);
    }
  }

  const restart = () => {
    setStep(null);
    setEnrolled(null);
  };

  return (
    <main className="card auth-card">
      <h1>{signup ? 'Create an admin account' : 'Admin sign-in'}</h1>
      {message && <Banner kind={message.kind}>{message.text}</Banner>}
      {enrolled?.recoveryCodes ? (
        <RecoveryCodes codes={enrolled.recoveryCodes} onDone={() => enter(enrolled)} />
      ) : enrolled ? (
        <Button className="full-width" onClick={() => enter(enrolled)}>
          Continue to the Admin Dashboard
        </Button>
      ) : step?.secondFactor === 'enrol' ? (
        <EnrolStep challenge={step.challenge} onCode={submitEnrolment} onError={failed} />
      ) : step ? (
        <section aria-labelledby="code-heading">
          <h2 id="code-heading">Enter your authenticator code</h2>
          <p>Open the authenticator app on your phone and enter the code it shows for the Tax Practitioner Portal.</p>
          <CodeForm submitLabel="Verify and sign in" allowRecovery onSubmit={submitCode} />
          {step.passkey && (
            <Button variant="secondary" className="full-width" onClick={() => void submitPasskey()}>
              Use a passkey instead
            </Button>
          )}
        </section>
      ) : (
        <CredentialsForm
          emailLabel="Admin email"
          emailAutoComplete="username"
          submitLabel={signup ? 'Create Admin Account' : 'Sign in to Admin Dashboard'}
          onSubmit={submitPassword}
          onError={(text) => setMessage({ kind: 'error', text })}
        />
      )}
      <p>
        {step && !enrolled ? (
          <button type="button" className="btn btn-link" onClick={restart}>
            Start again with the password
          </button>
        ) : (
          <a href="/">Back to the main site</a>
        )}
      </p>
    </main>
  );
}
