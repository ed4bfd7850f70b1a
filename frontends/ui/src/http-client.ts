import axios, { type AxiosError, type AxiosInstance } from 'axios';
import { CONSENT_REQUIRED_EVENT, consentRefusal, isHttpError, REQUEST_TIMEOUT_MS } from './http-error';
import { isAdminCall, isPartnerCall, tokenFor } from './early-calls';
import { session } from './storage';

// Loaded with axios on the first call (api-client.ts), so the landing page carries neither.

// Pages where a 401 must not bounce the visitor to the login page (behaviour.md §8).
const NO_REDIRECT_PAGES = ['/', '/signup', '/login', '/admin/login', '/partner'];

/** The bearer header a call went out with, as the request interceptor set it. */
const sentAuthorization = (error: AxiosError) => (error.config?.headers as { Authorization?: unknown } | undefined)?.Authorization ?? null;

/**
 * Spec §8: a 401 ends the session it belongs to and sends the person to the matching login. A 401
 * for a token that is no longer the stored one (a call made before the person signed in again)
 * belongs to no live session, and must not end the new one.
 */
export function handleUnauthorized(error: AxiosError, location: Pick<Location, 'pathname' | 'assign'> = window.location): void {
  if (error.response?.status !== 401) return;
  const admin = isAdminCall(error.config?.url);
  const stored = tokenFor(error.config?.url);
  if (sentAuthorization(error) !== (stored ? `Bearer ${stored}` : null)) return;
  if (admin) {
    session.clearAdmin();
    if (location.pathname !== '/admin/login') location.assign('/admin/login');
  } else if (isPartnerCall(error.config?.url)) {
    session.clearPartner();
    if (location.pathname !== '/partner') location.assign('/partner');
  } else {
    session.clear();
    if (!NO_REDIRECT_PAGES.includes(location.pathname)) location.assign('/login');
  }
}

/** The portal's axios instance (behaviour.md §7): credentials, JSON, 10-second timeout, the right bearer token. */
export function createHttpClient(): AxiosInstance {
  const created = axios.create({ withCredentials: true, timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } });
  created.interceptors.request.use((config) => {
    const token = tokenFor(config.url);
    // a call that names its own credential keeps it (the partner sign-in's exchange of a person's token)
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  created.interceptors.response.use(undefined, (error: unknown) => {
    if (isHttpError(error)) handleUnauthorized(error);
    // a policy raised while the page was open: the shell shows the gate (auth-context.tsx)
    const refusal = consentRefusal(error);
    if (refusal) window.dispatchEvent(new CustomEvent(CONSENT_REQUIRED_EVENT, { detail: refusal }));
    return Promise.reject(error);
  });
  return created;
}
