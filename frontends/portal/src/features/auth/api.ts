import type { z } from 'zod';
import type { AuthResponse, googleLoginBodySchema, LoginBody, registerBodySchema } from '@portal/contracts';
import { api } from '@portal/ui';

/**
 * The sign-in, sign-up and password calls, as typed fetchers. These pages keep the lean path
 * (no query cache): each call is one submit whose answer the page acts on at once.
 */
export const login = async (body: LoginBody) => (await api.post<AuthResponse>('/api/auth/login', body)).data;
export const register = async (body: z.input<typeof registerBodySchema>) => (await api.post<AuthResponse>('/api/auth/register', body)).data;
export const googleLogin = async (body: z.input<typeof googleLoginBodySchema>) =>
  (await api.post<AuthResponse>('/api/auth/google-login', body)).data;
export const requestPasswordReset = async (email: string) =>
  (await api.post<{ message: string }>('/api/auth/forgot-password', { email })).data.message;
export const checkResetLink = async (token: string) => (await api.post<{ valid: true }>('/api/auth/reset-password/check', { token })).data;
export const resetPassword = async (token: string, newPassword: string) =>
  (await api.post<{ message: string }>('/api/auth/reset-password', { token, newPassword })).data.message;
