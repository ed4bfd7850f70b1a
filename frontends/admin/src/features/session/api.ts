import type { SecondFactorStep, TotpEnrolment } from '@portal/contracts';
import { api } from '@portal/ui';
import { signInWithPasskey } from '@portal/ui/second-factor';
import type { AdminUser } from '../../admin-session';

/** What the second factor's step answers: the admin's session, and after an enrolment the recovery codes. */
export interface AdminSignedIn {
  token: string;
  user: AdminUser;
  recoveryCodes?: string[];
  message?: string;
}

/** The admin's sign-in (password, then the second factor), hidden sign-up and sign-out, as typed fetchers: one call per action. */
export const adminLogin = async (body: { email: string; password: string }) =>
  (await api.post<SecondFactorStep>('/api/admin/login', body)).data;
export const startEnrolment = async (challenge: string) =>
  (await api.post<TotpEnrolment>('/api/admin/second-factor/enrolment', { challenge })).data;
export const confirmEnrolment = async (challenge: string, code: string) =>
  (await api.post<AdminSignedIn>('/api/admin/second-factor/enrolment/confirm', { challenge, code })).data;
export const verifySecondFactor = async (challenge: string, proof: { code: string } | { recoveryCode: string }) =>
  (await api.post<AdminSignedIn>('/api/admin/second-factor', { challenge, ...proof })).data;
export const acceptInvitation = async (token: string, password: string) =>
  (await api.post<{ message: string }>('/api/admin/invitations/accept', { token, password })).data;
/** The second factor by passkey: the sign-in's options, the authenticator's answer, the session. */
export const passkeySignIn = (challenge: string) =>
  signInWithPasskey<AdminSignedIn>(
    { options: '/api/admin/second-factor/passkey/options', verify: '/api/admin/second-factor/passkey' },
    challenge,
  );
export const adminSignup = async (body: { email: string; password: string }) => api.post('/api/admin/signup', { ...body, role: 'admin' });
/** Revokes the token; signing out on this device goes on even when the server cannot be reached. */
export const adminLogout = () => api.post('/api/admin/logout').catch(() => undefined);
