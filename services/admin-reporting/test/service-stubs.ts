import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SELF_SERVICE_MESSAGES, type DownloadSummary, type PublicUser, type SubscriptionSummary } from '@portal/contracts';
import {
  USER_EXPORT_CONTENT_TYPE,
  type BillingAnalytics,
  type InternalFirmsAnswer,
  type InternalUserFirmsAnswer,
} from '@portal/contracts/internal';

export interface StubData {
  users: PublicUser[];
  subscriptions: Map<string, Partial<SubscriptionSummary>>;
  downloads: Map<string, Partial<DownloadSummary>>;
  analytics: BillingAnalytics;
  calls: string[];
  /** auth's firms of a person; none when absent. */
  firms?: Map<string, InternalUserFirmsAnswer['firms']>;
  /** auth's page of all the firms (the Firms tab). */
  firmPage?: InternalFirmsAnswer;
}

/** What billing and download answer for a user nothing is known of; a test's partial record goes over it. */
const NO_SUBSCRIPTION: Omit<SubscriptionSummary, 'userId'> = {
  subscriptionStatus: 'none',
  subscriptionPlan: 'none',
  planPrice: 0,
  billingPeriod: null,
  trialStart: null,
  trialEnd: null,
  subscriptionStartDate: null,
  subscriptionEndDate: null,
  daysRemaining: 0,
  hasUsedTrial: false,
  canStartTrial: true,
  canDownload: false,
  isTrialActive: false,
};
const NO_DOWNLOADS: Omit<DownloadSummary, 'userId'> = { lastDownloadDate: null, totalDownloads: 0, downloadHistory: [] };

/** The password the stubbed auth accepts for a person's own deletion. */
export const STUB_PASSWORD = 'right-password';

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readJson = (req: http.IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body ? JSON.parse(body) : {}));
  });

/**
 * auth, billing and download stubbed at their HTTP boundary: the /internal/* calls
 * admin-reporting makes, answered from `data`, each call recorded.
 */
export async function startServiceStubs(data: StubData) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    data.calls.push(`${req.method} ${url.pathname}${url.search}`);
    if (!req.headers.authorization?.startsWith('Bearer ')) return send(res, 401, {});
    const userMatch = /^\/internal\/users\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/internal/users') {
      const term = (url.searchParams.get('search') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const matching = data.users.filter((user) =>
        [user.email, user.firstName, user.lastName, user.personalInfo.mobileNumber, user.personalInfo.address?.city].some((field) =>
          field?.toLowerCase().includes(term),
        ),
      );
      return send(res, 200, { users: matching.slice((page - 1) * limit, page * limit), total: matching.length, page, limit });
    }
    if (req.method === 'GET' && url.pathname === '/internal/users/stats') {
      return send(res, 200, { totalUsers: data.users.length, signupsPerDay: [{ date: '2026-11-21', count: data.users.length }] });
    }
    if (req.method === 'GET' && url.pathname === '/internal/users/export') {
      const sorted = [...data.users].sort((a, b) => a._id.localeCompare(b._id));
      res.writeHead(200, { 'Content-Type': USER_EXPORT_CONTENT_TYPE });
      return res.end(sorted.map((user) => `${JSON.stringify(user)}\n`).join(''));
    }
    if (req.method === 'POST' && url.pathname === '/internal/users/firms/lookup') {
      const { userIds } = (await readJson(req)) as { userIds: string[] };
      const firms: Record<string, { id: string; name: string; role: string }[]> = {};
      for (const id of userIds) {
        const held = data.firms?.get(id);
        if (held?.length) firms[id] = held.map(({ id: firmId, name, role }) => ({ id: firmId, name, role }));
      }
      return send(res, 200, { firms });
    }
    if (req.method === 'GET' && url.pathname === '/internal/firms') {
      const page = data.firmPage ?? { firms: [], total: 0 };
      return send(res, 200, page);
    }
    const firmsMatch = /^\/internal\/users\/([^/]+)\/firms$/.exec(url.pathname);
    if (req.method === 'GET' && firmsMatch) return send(res, 200, { firms: data.firms?.get(firmsMatch[1]!) ?? [] });
    const confirmMatch = /^\/internal\/users\/([^/]+)\/confirm-deletion$/.exec(url.pathname);
    if (req.method === 'POST' && confirmMatch) {
      // auth's check of the person's own confirmation: here, one password is right
      const { password } = await readJson(req);
      if (password === STUB_PASSWORD) return send(res, 204, {});
      return send(res, 400, { error: 'bad_request', message: SELF_SERVICE_MESSAGES.currentPasswordWrong });
    }
    if (userMatch) {
      const index = data.users.findIndex((user) => user._id === userMatch[1]);
      if (index < 0) return send(res, 404, { error: 'not_found', message: 'No user with this id' });
      if (req.method === 'DELETE') {
        data.users.splice(index, 1);
        return send(res, 200, { deleted: true });
      }
      return send(res, 200, { user: data.users[index] });
    }
    if (req.method === 'POST' && url.pathname === '/internal/subscriptions/lookup') {
      const { userIds } = (await readJson(req)) as { userIds: string[] };
      return send(res, 200, {
        subscriptions: userIds
          .filter((id) => data.subscriptions.has(id))
          .map((userId) => ({ userId, ...NO_SUBSCRIPTION, ...data.subscriptions.get(userId) })),
      });
    }
    if (req.method === 'GET' && url.pathname === '/internal/analytics') return send(res, 200, data.analytics);
    if (req.method === 'POST' && url.pathname === '/internal/downloads/summary') {
      const { userIds } = (await readJson(req)) as { userIds: string[] };
      return send(res, 200, {
        summaries: userIds
          .filter((id) => data.downloads.has(id))
          .map((userId) => ({ userId, ...NO_DOWNLOADS, ...data.downloads.get(userId) })),
      });
    }
    send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let counter = 0;
export function publicUser(overrides: Partial<PublicUser> & { email: string }): PublicUser {
  const id = (counter++).toString(16).padStart(24, '0');
  return {
    _id: id,
    firstName: '',
    lastName: '',
    displayName: '',
    picture: null,
    isGoogleUser: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    personalInfo: { profileComplete: false },
    profileCompletionPercentage: 10,
    consent: null,
    ...overrides,
  };
}
