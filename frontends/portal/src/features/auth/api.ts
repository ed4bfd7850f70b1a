import type { z } from 'zod';
import type {
  AuthResponse,
  googleLoginBodySchema,
  LoginBody,
  registerBodySchema,
  SecondFactorSession,
  SignInAnswer,
  TotpEnrolment,
} from '@portal/contracts';
import { api } from '@portal/ui';
import { signInWithPasskey } from '@portal/ui/second-factor';

/**
 * The sign-in, sign-up and password calls, as typed fetchers. These pages keep the lean path
 * (no query cache): each call is one submit whose answer the page acts on at once.
 */

export const login = async (body: LoginBody) => (await api.post<SignInAnswer>('/api/auth/login', body)).data;
export const verifyLoginCode = async (challenge: string, proof: { code: string } | { recoveryCode: string }) =>
  (await api.post<SecondFactorSession>('/api/auth/login/second-factor', { challenge, ...proof })).data;
export const startLoginEnrolment = async (challenge: string) =>
  (await api.post<TotpEnrolment>('/api/auth/login/enrolment', { challenge })).data;
export const confirmLoginEnrolment = async (challenge: string, code: string) =>
  (await api.post<SecondFactorSession>('/api/auth/login/enrolment/confirm', { challenge, code })).data;
export const register = async (body: z.input<typeof registerBodySchema>) => (await api.post<AuthResponse>('/api/auth/register', body)).data;
export const googleLogin = async (body: z.input<typeof googleLoginBodySchema>) =>
  (await api.post<SignInAnswer & { isNewUser?: boolean }>('/api/auth/google-login', body)).data;
export const requestPasswordReset = async (email: string) =>
  (await api.post<{ message: string }>('/api/auth/forgot-password', { email })).data.message;
export const checkResetLink = async (token: string) => (await api.post<{ valid: true }>('/api/auth/reset-password/check', { token })).data;
export const resetPassword = async (token: string, newPassword: string) =>
  (await api.post<{ message: string }>('/api/auth/reset-password', { token, newPassword })).data.message;
export const passkeySignIn = (challenge: string) =>
  signInWithPasskey<SecondFactorSession>({ options: '/api/auth/login/passkey/options', verify: '/api/auth/login/passkey' }, challenge);
export const requestMobileSignInCode = async (mobile: string) =>
  (await api.post<{ message: string }>('/api/auth/login/mobile/code', { mobile })).data.message;
export const mobileLogin = async (mobile: string, code: string) =>
  (await api.post<SignInAnswer>('/api/auth/login/mobile', { mobile, code })).data;
