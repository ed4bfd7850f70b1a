import axios, { isAxiosError, type AxiosError } from 'axios';
import { session } from './storage';

export const REQUEST_TIMEOUT_MS = 10_000;
const isAdminPath = (url = '') => url.includes('/admin/');
// Pages where a 401 must not bounce the visitor to the login page (behaviour.md §8).
const NO_REDIRECT_PAGES = ['/', '/signup', '/login', '/admin/login'];

/** The portal's API client (behaviour.md §7): credentials, JSON, 10-second timeout, the right bearer token. */
export const api = axios.create({ withCredentials: true, timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } });

api.interceptors.request.use((config) => {
  const token = isAdminPath(config.url) ? session.adminToken() : session.token();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** Spec §8: a 401 ends the session it belongs to and sends the person to the matching login. */
export function handleUnauthorized(error: AxiosError, location: Pick<Location, 'pathname' | 'assign'> = window.location): void {
  if (error.response?.status !== 401) return;
  if (isAdminPath(error.config?.url)) {
    session.clearAdmin();
    if (location.pathname !== '/admin/login') location.assign('/admin/login');
  } else {
    session.clear();
    if (!NO_REDIRECT_PAGES.includes(location.pathname)) location.assign('/login');
  }
}

api.interceptors.response.use(undefined, (error: unknown) => {
  if (isAxiosError(error)) handleUnauthorized(error);
  return Promise.reject(error);
});

/** The server's message for people, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
  }
  return fallback;
}
