import { useEffect, useState } from 'react';
import type { AuthResponse, SecondFactorStep, SignInAnswer } from '@portal/contracts';
import { Banner, Button, errorMessage, Link, session, useAuth, useSearchParams } from '@portal/ui';
import { CredentialsForm } from '@portal/ui/credentials-form';
import { login } from '../features/auth/api';
import { MobileCodeSignIn } from '../features/auth/components/MobileCodeSignIn';
import { SecondFactorSignIn } from '../features/auth/components/SecondFactorSignIn';
import { GoogleSignIn } from '../components/GoogleSignIn';
import { nextPath } from './next-path';
import '../components/portal.css';

const REMEMBERED_EMAIL = 'rememberedEmail';
/** Spec §9: after a Google login started by the desktop app, the window tries to close. */
export const DESKTOP_CLOSE_MS = 3000;
export const DESKTOP_SIGNED_IN = 'Login successful! You can close this browser window and return to the desktop app.';

/** Shown instead of the form when the desktop app's Google login has finished. */
function DesktopSignedIn() {
  useEffect(() => {
    const timer = setTimeout(() => window.close(), DESKTOP_CLOSE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="card auth-card">
      <h1>Signed in</h1>
      <Banner kind="success">{DESKTOP_SIGNED_IN}</Banner>
    </div>
  );
}

export default function Login() {
  const { signIn } = useAuth();
  const [params] = useSearchParams();
  const fromDesktop = params.get('source') === 'electron';
  const [desktopSignedIn, setDesktopSignedIn] = useState(false);
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_EMAIL) !== null);
  const [error, setError] = useState('');
  // the password or Google was right and a second factor is due: where to go once it is given
  const [pending, setPending] = useState<{ step: SecondFactorStep; then: (session: AuthResponse) => void } | null>(null);
  const [byMobile, setByMobile] = useState(false);

  const passwordSignedIn = ({ token, user }: AuthResponse) => void signIn(token, user, nextPath(params, '/dashboard'));
  function answered(answer: SignInAnswer, then: (session: AuthResponse) => void) {
    if ('challenge' in answer) setPending({ step: answer, then });
    else then(answer);
  }

  async function submit({ email, password }: { email: string; password: string }) {
    setError('');
    try {
      const answer = await login({ email, password });
      if (remember) localStorage.setItem(REMEMBERED_EMAIL, email.trim());
      else localStorage.removeItem(REMEMBERED_EMAIL);
      answered(answer, passwordSignedIn);
    } catch (failure) {
      setError(errorMessage(failure, 'Login failed. Please check your credentials.'));
    }
  }

  function googleSignedIn({ token, user }: AuthResponse) {
    if (!fromDesktop) return void signIn(token, user, nextPath(params, '/subscription'));
    // The page stays on this message rather than moving into the portal the desktop app opened it for.
    session.save(token, user);
    setDesktopSignedIn(true);
  }

  if (desktopSignedIn) return <DesktopSignedIn />;
  if (pending) {
    return (
      <div className="card auth-card">
        <h1>Sign in</h1>
        <SecondFactorSignIn step={pending.step} onSignedIn={pending.then} onRestart={() => setPending(null)} />
      </div>
    );
  }
  if (byMobile) {
    return (
      <div className="card auth-card">
        <h1>Sign in with your mobile</h1>
        <MobileCodeSignIn onAnswer={(answer) => answered(answer, passwordSignedIn)} onCancel={() => setByMobile(false)} />
      </div>
    );
  }
  return (
    <div className="card auth-card">
      <h1>Sign in</h1>
      {error && <Banner kind="error">{error}</Banner>}
      <CredentialsForm
        initialEmail={localStorage.getItem(REMEMBERED_EMAIL) ?? ''}
        submitLabel="Sign In"
        busyLabel="Signing in…"
        onSubmit={submit}
        onError={setError}
      >
        <div className="row row-between">
          <label className="checkbox">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me
          </label>
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
      </CredentialsForm>
      <GoogleSignIn purpose="login" onSignedIn={(answer) => answered(answer, googleSignedIn)} onError={setError} />
      <p>
        <Button variant="link" onClick={() => setByMobile(true)}>
          Use a code sent by SMS instead
        </Button>
      </p>
      <p className="muted">
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </div>
  );
}
