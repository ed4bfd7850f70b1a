import { FEEDBACK_LIST_LIMIT, POLICIES } from '@portal/contracts';
import { startEarlyCalls, tokenFor } from '@portal/ui/early-calls';

// What each page asks as it opens, for the shell to ask before the page's code has come
// (@portal/ui's early-calls.ts). A page that asks something else still works; it waits as before.
const PUBLIC_CALLS: Record<string, string[]> = {
  '/pricing': ['/api/payment/plans'],
  '/contact': ['/api/seller'],
  ...Object.fromEntries(Object.values(POLICIES).map((policy) => [policy.path, ['/api/seller']])),
};
/** The auth provider's own calls, on every page but the admin's, when a session is stored. */
const SESSION_CALLS = ['/api/subscription-status', '/api/auth/consent'];
const SIGNED_IN_CALLS: Record<string, string[]> = {
  // the firms name whose plan the page may show; asked late, they alone made the page load axios
  '/subscription': [
    '/api/payment/plans',
    '/api/billing/history',
    '/api/billing/proformas',
    '/api/billing/profile',
    '/api/firms',
    '/api/billing/referral',
  ],
  '/profile': ['/api/auth/profile', '/api/payment/plans'],
  '/download': ['/api/download/latest-version', '/api/download/check-eligibility'],
};
const ADMIN_FEEDBACK = `/api/admin/feedback?limit=${FEEDBACK_LIST_LIMIT}`;
const ADMIN_TAB_CALLS: Record<string, string[]> = {
  dashboard: ['/api/admin/analytics', ADMIN_FEEDBACK],
  users: ['/api/admin/users?page=1', ADMIN_FEEDBACK],
};

/** The calls the page at this address makes first, those needing a session only when one is stored. */
function earlyCallsFor({ pathname, search }: Pick<Location, 'pathname' | 'search'>): string[] {
  if (pathname === '/admin/dashboard') {
    return tokenFor('/api/admin/') ? (ADMIN_TAB_CALLS[new URLSearchParams(search).get('tab') ?? 'dashboard'] ?? []) : [];
  }
  const signedIn = tokenFor('/api/') ? [...SESSION_CALLS, ...(SIGNED_IN_CALLS[pathname] ?? [])] : [];
  return [...(PUBLIC_CALLS[pathname] ?? []), ...signedIn];
}

/** Starts the first calls of the page at this address (@portal/ui's early-calls.ts). An admin page's code is preloaded by the page itself (the gateway's remote-preloads.ts). */
export function startPageLoads(location: Pick<Location, 'pathname' | 'search'>): void {
  startEarlyCalls(earlyCallsFor(location));
}
