import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { session } from './storage';

export const REQUEST_TIMEOUT_MS = 10_000;
const isAdminPath = (url = '') => url.includes('/admin/');
// Pages where a 401 must not bounce the visitor to the login page (behaviour.md §8).
const NO_REDIRECT_PAGES = ['/', '/signup', '/login', '/admin/login'];

/** An error axios raised for a call (what its own isAxiosError checks), without loading axios to ask. */
export function isHttpError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as Partial<AxiosError>).isAxiosError === true;
}

/** The bearer header a call went out with, as the request interceptor set it. */
const sentAuthorization = (error: AxiosError) => (error.config?.headers as { Authorization?: unknown } | undefined)?.Authorization ?? null;

/**
 * Spec §8: a 401 ends the session it belongs to and sends the person to the matching login. A 401
 * for a token that is no longer the stored one (a call made before the person signed in again)
 * belongs to no live session, and must not end the new one.
 */
export function handleUnauthorized(error: AxiosError, location: Pick<Location, 'pathname' | 'assign'> = window.location): void {
  if (error.response?.status !== 401) return;
  const admin = isAdminPath(error.config?.url);
  const stored = admin ? session.adminToken() : session.token();
  if (sentAuthorization(error) !== (stored ? `Bearer ${stored}` : null)) return;
  if (admin) {
    session.clearAdmin();
    if (location.pathname !== '/admin/login') location.assign('/admin/login');
  } else {
    session.clear();
    if (!NO_REDIRECT_PAGES.includes(location.pathname)) location.assign('/login');
  }
}

let instance: Promise<AxiosInstance> | undefined;

/**
 * The portal's axios instance (behaviour.md §7): credentials, JSON, 10-second timeout, the right
 * bearer token. Made on the first call, so that a page which calls nothing (the landing page)
 * does not download axios.
 */
function client(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "http-client" */ 'axios').then(({ default: axios }) => {
    const created = axios.create({ withCredentials: true, timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } });
    created.interceptors.request.use((config) => {
      const token = isAdminPath(config.url) ? session.adminToken() : session.token();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    created.interceptors.response.use(undefined, (error: unknown) => {
      if (isHttpError(error)) handleUnauthorized(error);
      return Promise.reject(error);
    });
    return created;
  });
  return instance;
}

/** The portal's API client: axios's calls, each made once the instance is ready. */
export const api = {
  get: <T = unknown>(url: string, config?: AxiosRequestConfig) => client().then((http) => http.get<T>(url, config)),
  delete: <T = unknown>(url: string, config?: AxiosRequestConfig) => client().then((http) => http.delete<T>(url, config)),
  post: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((http) => http.post<T>(url, data, config)),
  put: <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig) => client().then((http) => http.put<T>(url, data, config)),
};

/** The server's message for people, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isHttpError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (typeof data?.message === 'string' && data.message) return data.message;
  }
  return fallback;
}
