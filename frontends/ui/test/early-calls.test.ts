import { api, session } from '@portal/ui';
import { startEarlyCalls } from '../src/early-calls';
import { stubApi } from './stub-api';

/** The services at their HTTP boundary for the shell's early calls: fetch (set after stubApi's), answering `body` with `status`. */
function stubFetch(status: number, body: unknown) {
  const seen: { url: string; authorization: string | undefined; credentials: RequestCredentials | undefined }[] = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    seen.push({ url: String(url), authorization: headers.Authorization, credentials: init?.credentials });
    return { ok: status < 400, status, json: async () => body } as Response;
  }) as typeof fetch;
  return seen;
}

describe('the calls the shell starts before a page’s code has come (early-calls.ts)', () => {
  // each test is a page opened afresh: the calls are kept on the window
  beforeEach(() => delete (globalThis as Record<symbol, unknown>)[Symbol.for('tax-portal.early-calls')]);
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('when the page asks what the shell asked early, then it gets that answer once, and its next call goes out as usual', async () => {
    session.save('user-token', {});
    const calls = stubApi(() => ({ data: { legalName: 'Later Seller' } }));
    const early = stubFetch(200, { legalName: 'Early Seller' });
    startEarlyCalls(['/api/seller', '/api/admin/users?page=1']);
    expect(early).toEqual([
      { url: '/api/seller', authorization: 'Bearer user-token', credentials: 'include' },
      { url: '/api/admin/users?page=1', authorization: undefined, credentials: 'include' },
    ]);

    expect((await api.get('/api/seller')).data).toEqual({ legalName: 'Early Seller' });
    expect((await api.get('/api/admin/users', { params: { page: 1 } })).data).toEqual({ legalName: 'Early Seller' });
    expect(calls).toEqual([]);
    expect((await api.get('/api/seller')).data).toEqual({ legalName: 'Later Seller' });
    expect(calls.map((call) => `${call.url} ${call.authorization}`)).toEqual(['/api/seller Bearer user-token']);
  });

  it('when the early call was refused, then the page makes its own, which meets the client’s handling of a 401', async () => {
    session.save('ended-token', {});
    const calls = stubApi(() => ({ status: 401, data: { message: 'Your session has ended. Please sign in again.' } }));
    stubFetch(401, { message: 'Your session has ended. Please sign in again.' });
    startEarlyCalls(['/api/subscription-status']);
    await expect(api.get('/api/subscription-status')).rejects.toMatchObject({ response: { status: 401 } });
    expect(calls.map((call) => call.url)).toEqual(['/api/subscription-status']);
    expect(session.token()).toBeNull();
  });

  it('when the page has asked before the shell’s list came, then the shell starts nothing, so no later call gets an answer from before', async () => {
    session.save('user-token', {});
    const calls = stubApi(() => ({ data: { required: false } }));
    const early = stubFetch(200, { required: true });
    await api.get('/api/subscription-status');
    startEarlyCalls(['/api/auth/consent']);
    expect(early).toEqual([]);
    expect((await api.get('/api/auth/consent')).data).toEqual({ required: false });
    expect(calls.map((call) => call.url)).toEqual(['/api/subscription-status', '/api/auth/consent']);
  });

  it('when the early answer is older than the client’s timeout, or the page asks with other options, then the page asks itself', async () => {
    const calls = stubApi(() => ({ data: { plans: ['fresh'] } }));
    stubFetch(200, { plans: ['early'] });
    // the calls start at a moment the test holds, so that the page's call comes exactly 10,001 ms after
    // them: a busy machine's real clock moving on between the two readings made it 10,000 or less
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
    startEarlyCalls(['/api/payment/plans', '/api/admin/analytics']);
    jest.spyOn(Date, 'now').mockReturnValue(now + 10_001);
    expect((await api.get('/api/payment/plans')).data).toEqual({ plans: ['fresh'] });
    jest.spyOn(Date, 'now').mockReturnValue(now);
    expect((await api.get('/api/admin/analytics', { responseType: 'blob' })).data).toEqual({ plans: ['fresh'] });
    expect(calls.map((call) => call.url)).toEqual(['/api/payment/plans', '/api/admin/analytics']);
  });
});
