import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  isAdminPath,
  isPartnerPath,
  isCurrentConsent,
  toClientSubscriptionState,
  type ClientSubscriptionState,
  type ConsentStatus,
  type SubscriptionStatus,
} from '@portal/contracts';
import { useNavigate } from './router';
import { api } from './api-client';
import { CONSENT_REQUIRED_EVENT, consentRefusal } from './http-error';
import { session } from './storage';

export type AuthState = 'loading' | 'authenticated' | 'unauthenticated';

export interface Auth {
  state: AuthState;
  status: SubscriptionStatus | null;
  /** The client's view of the subscription (behaviour.md §4): active, trial, expired or none. */
  subscription: ClientSubscriptionState;
  /** The Terms or the Privacy Notice in force wait for the person's acceptance before any signed-in page (behaviour.md §3). */
  consentRequired: boolean;
  /** A Google account gives its age at the same gate. */
  ageRequired: boolean;
  /** The gate asks for the policies too, not only the age. */
  policiesDue: boolean;
  refresh(): Promise<void>;
  /** Stores the session and goes to `destination` once the status has loaded. */
  signIn(token: string, user: unknown, destination: string): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

/**
 * Auth state from the status call (behaviour.md §4): loading until it answers; unauthenticated when it
 * fails, when no token is stored, or on /admin/ and /partner paths, which have their own sign-in.
 */
export function AuthProvider({ children, pathname }: { children: ReactNode; pathname: string }) {
  const isAdmin = isAdminPath(pathname) || isPartnerPath(pathname);
  // No status to ask for: admin paths, or no stored token. A visitor then sees the page at once, not a spinner.
  const signedOutAlready = useCallback(() => isAdmin || !session.token(), [isAdmin]);
  const [state, setState] = useState<AuthState>(() => (signedOutAlready() ? 'unauthenticated' : 'loading'));
  const [status, setStatus] = useState<SubscriptionStatus | null>(null);
  const [consent, setConsent] = useState({ required: false, ageRequired: false, policiesDue: false });
  const navigate = useNavigate();

  const refresh = useCallback(async () => {
    if (signedOutAlready()) {
      setStatus(null);
      setState('unauthenticated');
      return;
    }
    // An answer for a token that has since been replaced says nothing about the session now: a
    // sign-in meanwhile started its own refresh, and a sign-out meanwhile has already signed the
    // person out. Only a refusal that cleared the session itself (a 401) still signs them out.
    const token = session.token();
    try {
      // The server refuses the status until the person accepts (consent_required), and the gate
      // then shows; a consent that cannot be read otherwise does not lock the person out.
      const [status, consentStatus] = await Promise.all([
        api.get<SubscriptionStatus>('/api/subscription-status').then(
          ({ data }) => data,
          (error: unknown) => {
            if (consentRefusal(error)) return null;
            throw error;
          },
        ),
        api.get<ConsentStatus>('/api/auth/consent').catch(() => null),
      ]);
      if (session.token() !== token) return;
      setStatus(status);
      setConsent({
        required: (consentStatus?.data.required ?? false) || status === null,
        ageRequired: consentStatus?.data.ageRequired ?? false,
        policiesDue: consentStatus ? !isCurrentConsent(consentStatus.data.consent) : status === null,
      });
      setState('authenticated');
    } catch {
      if (![token, null].includes(session.token())) return;
      setStatus(null);
      setState('unauthenticated');
    }
  }, [signedOutAlready]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // The refusal itself says what the gate asks; calling anything here would be refused again.
  useEffect(() => {
    const gate = (event: Event) =>
      setConsent({ required: true, ageRequired: (event as CustomEvent<{ ageRequired: boolean }>).detail.ageRequired, policiesDue: true });
    window.addEventListener(CONSENT_REQUIRED_EVENT, gate);
    return () => window.removeEventListener(CONSENT_REQUIRED_EVENT, gate);
  }, []);

  const value = useMemo<Auth>(
    () => ({
      state,
      status,
      subscription: status ? toClientSubscriptionState(status.subscriptionStatus) : 'none',
      consentRequired: consent.required,
      ageRequired: consent.ageRequired,
      policiesDue: consent.policiesDue,
      refresh,
      async signIn(token, user, destination) {
        session.save(token, user);
        // Loading hides the routes, so the visitor-only redirect cannot race the destination.
        setState('loading');
        navigate(destination);
        await refresh();
      },
      async signOut() {
        // The session ends here at once, so leaving the page before the server answers cannot
        // keep the person signed in; the server is told with the token being ended.
        const token = session.token();
        session.clear();
        setStatus(null);
        setState('unauthenticated');
        if (!token) return;
        await api.post('/api/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
      },
    }),
    [state, status, consent, refresh, navigate],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

/** Usage tracking (behaviour.md §7): only when signed in; failures are ignored. */
export function trackUsage(action: string, details: Record<string, unknown>, status: SubscriptionStatus | null): void {
  if (!session.token()) return;
  api.send('/api/track-usage', {
    action,
    details: { ...details, subscriptionStatus: status?.subscriptionStatus ?? 'none', timestamp: new Date().toISOString() },
  });
}
