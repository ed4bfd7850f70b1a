import { api } from '@portal/ui';
import type { AdminUser } from '../../admin-session';

/** The admin's sign-in, hidden sign-up and sign-out, as typed fetchers: one call per action. */
export const adminLogin = async (body: { email: string; password: string }) =>
  (await api.post<{ token: string; user: AdminUser }>('/api/admin/login', body)).data;
export const adminSignup = async (body: { email: string; password: string }) => api.post('/api/admin/signup', { ...body, role: 'admin' });
/** Revokes the token; signing out on this device goes on even when the server cannot be reached. */
export const adminLogout = () => api.post('/api/admin/logout').catch(() => undefined);
