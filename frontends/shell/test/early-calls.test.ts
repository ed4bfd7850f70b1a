import { session, STORAGE_KEYS } from '@portal/ui';
import { startPageLoads } from '../src/early-calls';

describe('the calls the shell starts as a page opens', () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    globalThis.fetch = jest.fn(async (url: RequestInfo | URL) => {
      asked.push(String(url));
      return { ok: true, json: async () => ({}) } as Response;
    }) as typeof fetch;
  });
  afterEach(() => localStorage.clear());

  it('when a visitor opens a policy or the pricing page, then the seller or the plans are asked; a sign-in page asks nothing', () => {
    startPageLoads({ pathname: '/terms', search: '' });
    startPageLoads({ pathname: '/pricing', search: '' });
    startPageLoads({ pathname: '/login', search: '' });
    expect(asked).toEqual(['/api/seller', '/api/payment/plans']);
  });

  it('when a signed-in page opens, then the session’s status and the page’s own calls are asked, and none without a session', () => {
    startPageLoads({ pathname: '/subscription', search: '' });
    expect(asked).toEqual([]);
    session.save('user-token', {});
    startPageLoads({ pathname: '/subscription', search: '' });
    expect(asked).toEqual([
      '/api/subscription-status',
      '/api/auth/consent',
      '/api/payment/plans',
      '/api/billing/history',
      '/api/billing/proformas',
      '/api/billing/profile',
      '/api/firms',
      '/api/billing/referral',
    ]);
  });

  it('when the admin opens a section, then that section’s list and the feedback count are asked with the admin’s session', () => {
    startPageLoads({ pathname: '/admin/dashboard', search: '?tab=users' });
    expect(asked).toEqual([]);
    localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    startPageLoads({ pathname: '/admin/dashboard', search: '?tab=users' });
    startPageLoads({ pathname: '/admin/dashboard', search: '' });
    expect(asked).toEqual([
      '/api/admin/users?page=1',
      '/api/admin/feedback?limit=100',
      '/api/admin/analytics',
      '/api/admin/feedback?limit=100',
    ]);
  });
});
