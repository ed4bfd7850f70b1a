import { useState } from 'react';
import { GoogleLogin, GoogleOAuthProvider, type CredentialResponse } from '@react-oauth/google';
import { jwtDecode } from 'jwt-decode';
import { CONSENT_MESSAGES, type AcceptedPolicies, type SignInAnswer } from '@portal/contracts';
import { errorMessage, googleClientId } from '@portal/ui';
import { googleLogin } from '../features/auth/api';

type Purpose = 'login' | 'signup';

interface GoogleClaims {
  email?: string;
  name?: string;
  picture?: string;
  sub?: string;
  given_name?: string;
  family_name?: string;
}

/** The body of behaviour.md §7: the ID token and the profile read from it. The server trusts only the token. */
export function googleLoginBody(credential: string, acceptedPolicies?: AcceptedPolicies) {
  const claims = jwtDecode<GoogleClaims>(credential);
  return {
    token: credential,
    ...(acceptedPolicies && { acceptedPolicies }),
    email: claims.email,
    name: claims.name,
    picture: claims.picture,
    googleId: claims.sub,
    firstName: claims.given_name,
    lastName: claims.family_name,
  };
}

interface GoogleSignInProps {
  purpose: Purpose;
  /** Sign-up's ticked box; sign-up's button asks for it first. From the sign-in page a new account accepts on the next screen. */
  acceptedPolicies?: AcceptedPolicies;
  /** The session, or the second factor it waits for. */
  onSignedIn(answer: SignInAnswer): void;
  onError(message: string): void;
}

/**
 * Google's own button (Google Identity Services, through @react-oauth/google). Nothing is shown
 * where no client id is configured, or where Google's script cannot load.
 */
export function GoogleSignIn({ purpose, acceptedPolicies, onSignedIn, onError }: GoogleSignInProps) {
  const clientId = googleClientId();
  const [unavailable, setUnavailable] = useState(false);
  if (!clientId || unavailable) return null;

  const cancelled = () => onError(`Google ${purpose} was cancelled or failed`);
  async function signIn({ credential }: CredentialResponse) {
    if (!credential) return cancelled();
    try {
      onSignedIn(await googleLogin(googleLoginBody(credential, acceptedPolicies)));
    } catch (failure) {
      onError(`Google ${purpose} failed: ${errorMessage(failure, (failure as Error).message)}`);
    }
  }

  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={() => setUnavailable(true)}>
      <div className="google-sign-in">
        <p className="divider">or</p>
        {purpose === 'signup' && !acceptedPolicies ? (
          <p className="muted">{CONSENT_MESSAGES.required}, then sign up with Google.</p>
        ) : (
          <GoogleLogin text={purpose === 'signup' ? 'signup_with' : 'signin_with'} onSuccess={signIn} onError={cancelled} />
        )}
      </div>
    </GoogleOAuthProvider>
  );
}
