import type { Express } from 'express';
import request from 'supertest';
import { ADMIN_ACCESS_MESSAGES, ADMIN_ROLES, adminMay, PARTNER_MESSAGES, TOKEN_AUDIENCE, type AdminAction } from '@portal/contracts';
import {
  createTestDatabase,
  createTestRedis,
  generateTestKeys,
  signAdminTestToken,
  signTestToken,
  testRuntime,
  testServiceEnv,
  type TestDatabase,
  type TestRedis,
} from '@portal/platform/testing';
import { currentPolicyVersions } from '@portal/contracts';
import { compose as composeAdminReporting } from '../../services/admin-reporting/src/compose';
import { configSchema as adminReportingConfig } from '../../services/admin-reporting/src/config';
import { compose as composeAuth } from '../../services/auth/src/compose';
import { configSchema as authConfig } from '../../services/auth/src/config';
import { compose as composeBilling } from '../../services/billing/src/compose';
import { configSchema as billingConfig } from '../../services/billing/src/config';
import { compose as composeDownload } from '../../services/download/src/compose';
import { configSchema as downloadConfig } from '../../services/download/src/config';
import { compose as composeFeedback } from '../../services/feedback/src/compose';
import { configSchema as feedbackConfig } from '../../services/feedback/src/config';
import { compose as composeNotifications } from '../../services/notifications/src/compose';
import { configSchema as notificationsConfig } from '../../services/notifications/src/config';
import { compose as composePartners } from '../../services/partners/src/compose';
import { configSchema as partnersConfig } from '../../services/partners/src/config';
import { matchRoute } from '../src/routing/match-route';
import type { Access, ServiceName } from '../src/routing/route-table';

/**
 * The audience of every public route is declared once, in the gateway's route table; each service
 * still checks tokens itself. This walks every /api route each composed service serves and asks
 * it, without a token and with a user's, who it lets in, then holds the answer against the table.
 */
const SECRET = 'audience-test-secret-'.padEnd(40, 'x');
// Routes that end every session of their caller: probed as a person of their own, so that the
// token of the others' probes still counts.
const ENDS_EVERY_SESSION = new Set(['POST /api/auth/not-me']);
// Routes for people with a role among the users: any person's token passes the audience check,
// and one without the role is told why (403) rather than that their session is not valid.
const ROLE_AMONG_USERS: Record<string, string> = {
  'POST /api/auth/partner/session': PARTNER_MESSAGES.notStaff,
};
// Routes a service guards with a credential of their own rather than a portal token.
const OWN_CREDENTIAL: Record<string, string> = {
  'POST /api/payment/phonepe/webhook': 'PhonePe’s webhook credentials',
};

/**
 * What each admin route does, in the roles' terms. A route missing here fails the
 * matrix below, so a new admin route has to say who may call it.
 */
const ADMIN_ROUTE_ACTIONS: Record<string, AdminAction> = {
  'POST /api/admin/logout': 'own-sign-in',
  'GET /api/admin/passkeys': 'own-sign-in',
  'POST /api/admin/passkeys/options': 'own-sign-in',
  'POST /api/admin/passkeys': 'own-sign-in',
  'DELETE /api/admin/passkeys/:credentialId': 'own-sign-in',
  'GET /api/admin/admins': 'manage-admins',
  'POST /api/admin/admins': 'manage-admins',
  'PUT /api/admin/admins/:id/role': 'manage-admins',
  'DELETE /api/admin/admins/:id/second-factor': 'manage-admins',
  'DELETE /api/admin/admins/:id': 'manage-admins',
  'GET /api/admin/analytics': 'view',
  'GET /api/admin/users': 'view',
  'GET /api/admin/users/:id/details': 'view',
  'DELETE /api/admin/users/:id': 'manage-users',
  'DELETE /api/admin/users/:id/second-factor': 'manage-users',
  'GET /api/admin/export/users': 'export-people',
  'GET /api/admin/export/security-log': 'export-security-log',
  'GET /api/admin/audit': 'view',
  'GET /api/admin/firms': 'view',
  'GET /api/admin/users/:id/billing-timeline': 'view',
  'GET /api/admin/export/gst': 'export-billing',
  'GET /api/admin/invoices/:merchantOrderId': 'view',
  'GET /api/admin/refunds/:merchantRefundId/credit-note': 'view',
  'GET /api/admin/users/:id/devices': 'view',
  'GET /api/admin/users/:id/messages': 'view',
  'POST /api/admin/users/:id/messages/:messageId/send-again': 'manage-users',
  'DELETE /api/admin/users/:id/devices/:deviceId': 'manage-users',
  'POST /api/admin/users/:id/devices/moves': 'manage-users',
  'GET /api/admin/users/:id/seat-leases': 'view',
  'DELETE /api/admin/users/:id/seat-leases/:leaseId': 'manage-users',
  'GET /api/admin/mandates': 'view',
  'GET /api/admin/transactions/:merchantOrderId/refunds': 'view',
  'POST /api/admin/transactions/:merchantOrderId/refunds': 'refund',
  'GET /api/admin/promotions': 'view',
  'POST /api/admin/promotions': 'manage-promotions',
  'POST /api/admin/promotions/:code/deactivate': 'manage-promotions',
  'GET /api/admin/referral-credits': 'view',
  'GET /api/admin/proformas': 'view',
  'GET /api/admin/proformas/:reference': 'view',
  'POST /api/admin/proformas/:reference/receipts': 'record-receipts',
  'POST /api/admin/bank-statements': 'record-receipts',
  'GET /api/admin/bank-receipts': 'view',
  'POST /api/admin/bank-receipts/:utr/apply': 'record-receipts',
  'POST /api/admin/bank-receipts/:utr/return': 'record-receipts',
  'GET /api/admin/tds': 'view',
  'GET /api/admin/tds/:reference/form-16a': 'view',
  'POST /api/admin/tds/:reference/credit': 'record-receipts',
  'POST /api/admin/tds/:reference/reject': 'record-receipts',
  'GET /api/admin/export/tds': 'export-billing',
  'GET /api/admin/transactions': 'view',
  'GET /api/admin/export/transactions': 'export-billing',
  'PUT /api/admin/users/:id/subscription': 'manage-subscriptions',
  'GET /api/admin/releases': 'view',
  'POST /api/admin/releases': 'publish-releases',
  'PUT /api/admin/releases/:version/rollout': 'publish-releases',
  'POST /api/admin/releases/:version/withdraw': 'publish-releases',
  'PUT /api/admin/releases/channels/:channel': 'publish-releases',
  // the installer's resumable upload (tus) and the release made from it
  'POST /api/admin/releases/uploads': 'publish-releases',
  'HEAD /api/admin/releases/uploads/:uploadId': 'publish-releases',
  'PATCH /api/admin/releases/uploads/:uploadId': 'publish-releases',
  'DELETE /api/admin/releases/uploads/:uploadId': 'publish-releases',
  'POST /api/admin/releases/uploads/:uploadId/publish': 'publish-releases',
  'GET /api/admin/feedback': 'view',
  'PUT /api/admin/feedback/:id': 'manage-feedback',
  'DELETE /api/admin/feedback/:id': 'manage-feedback',
  'GET /api/admin/export/feedback': 'export-people',
  'GET /api/admin/partners': 'view',
  'POST /api/admin/partners': 'manage-partners',
  'GET /api/admin/partners/:id': 'view',
  'PATCH /api/admin/partners/:id': 'manage-partners',
  'POST /api/admin/partners/:id/staff': 'manage-partners',
  'DELETE /api/admin/partners/:id/staff/:userId': 'manage-partners',
  'PUT /api/admin/partner-tiers/:tier': 'manage-partners',
  'GET /api/admin/users/:id/partner': 'view',
  'PUT /api/admin/users/:id/partner': 'manage-partners',
  'GET /api/admin/partners/:id/ledger': 'view',
  'GET /api/admin/partners/:id/statements': 'view',
  'GET /api/admin/partners/:id/statements/:month/:format': 'view',
  'POST /api/admin/partners/:id/statements/:month/payout': 'pay-partners',
  'GET /api/admin/webhooks/endpoints': 'manage-webhooks',
  'POST /api/admin/webhooks/endpoints': 'manage-webhooks',
  'PATCH /api/admin/webhooks/endpoints/:id': 'manage-webhooks',
  'DELETE /api/admin/webhooks/endpoints/:id': 'manage-webhooks',
  'POST /api/admin/webhooks/endpoints/:id/rotate-secret': 'manage-webhooks',
  'POST /api/admin/webhooks/endpoints/:id/test': 'manage-webhooks',
  'GET /api/admin/webhooks/endpoints/:id/deliveries': 'manage-webhooks',
  'POST /api/admin/webhooks/endpoints/:id/deliveries/:webhookId/send-again': 'manage-webhooks',
};

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method and path an Express app routes, through its nested routers. */
function routesOf(app: Express): { method: string; path: string }[] {
  const walk = (stack: Layer[]): { method: string; path: string }[] =>
    stack.flatMap((layer) => {
      if (layer.route) {
        const { path, methods } = layer.route;
        return Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path }));
      }
      return layer.handle?.stack ? walk(layer.handle.stack) : [];
    });
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
}

const concrete = (path: string) => path.replace(/:\w+/g, '0123456789abcdef01234567').replace(/\*\w+/g, 'any');

describe('who may call each public route: the gateway table and the services agree', () => {
  const keys = generateTestKeys();
  let user: { sub: string; email: string };
  let leaving: { sub: string; email: string };
  // A new token for each call: a logout among the routes revokes the one it is sent.
  const userToken = (as = user) => signTestToken(keys.privateKey, TOKEN_AUDIENCE.user, as);
  const runtimes: ReturnType<typeof testRuntime>[] = [];
  const resources: { db: TestDatabase; redis: TestRedis }[] = [];
  const apps = {} as Record<ServiceName, Express>;

  async function composed<T>(
    name: ServiceName,
    build: (env: Record<string, string>, runtime: ReturnType<typeof testRuntime>) => Promise<T>,
  ) {
    const [db, redis] = await Promise.all([createTestDatabase(`aud-${name}`), createTestRedis(`aud-${name}`)]);
    resources.push({ db, redis });
    const runtime = testRuntime(name);
    runtimes.push(runtime);
    return build(testServiceEnv({ db, redis, publicKey: keys.publicKey, serviceSecret: SECRET }), runtime);
  }

  beforeAll(async () => {
    const nowhere = 'http://127.0.0.1:9';
    apps.auth = (await composed('auth', (env, rt) => composeAuth(authConfig.parse({ ...env, JWT_PRIVATE_KEY: keys.privateKey }), rt))).app;
    // A real user, so routes that look the user up let them in.
    const registered = await request(apps.auth)
      .post('/api/auth/register')
      .send({ firstName: 'Audience', email: 'audience@example.in', password: 'secret12', acceptedPolicies: currentPolicyVersions() });
    user = { sub: registered.body.user._id, email: registered.body.user.email };
    const other = await request(apps.auth)
      .post('/api/auth/register')
      .send({ firstName: 'Leaving', email: 'leaving@example.in', password: 'secret12', acceptedPolicies: currentPolicyVersions() });
    leaving = { sub: other.body.user._id, email: other.body.user.email };
    apps.billing = (
      await composed('billing', (env, rt) =>
        composeBilling(
          billingConfig.parse({
            ...env,
            AUTH_URL: nowhere,
            PHONEPE_CLIENT_ID: 'AUDIENCE',
            PHONEPE_CLIENT_SECRET: 'secret',
            PHONEPE_OAUTH_BASE_URL: nowhere,
            PHONEPE_PG_BASE_URL: nowhere,
            PHONEPE_WEBHOOK_USERNAME: 'portal_hooks',
            PHONEPE_WEBHOOK_PASSWORD: 'hook-secret-1',
            BILLING_WORKERS: 'off',
          }),
          rt,
        ),
      )
    ).app;
    apps.download = (
      await composed('download', (env, rt) =>
        composeDownload(downloadConfig.parse({ ...env, BILLING_URL: nowhere, RELEASES_DIR: '/tmp/portal-audience-releases' }), rt),
      )
    ).app;
    apps.feedback = (await composed('feedback', (env, rt) => composeFeedback(feedbackConfig.parse(env), rt))).app;
    apps.notifications = (
      await composed('notifications', (env, rt) =>
        composeNotifications(notificationsConfig.parse({ ...env, SMTP_URL: 'smtp://127.0.0.1:9' }), rt),
      )
    ).app;
    apps.partners = (
      await composed('partners', (env, rt) =>
        composePartners(partnersConfig.parse({ ...env, AUTH_URL: nowhere, BILLING_URL: nowhere }), rt),
      )
    ).app;
    apps['admin-reporting'] = (
      await composed('admin-reporting', (env, rt) =>
        composeAdminReporting(adminReportingConfig.parse({ ...env, AUTH_URL: nowhere, BILLING_URL: nowhere, DOWNLOAD_URL: nowhere }), rt),
      )
    ).app;
  });
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.stop();
    for (const { db, redis } of resources) await Promise.all([db.drop(), redis.cleanup()]);
  });

  /** What the service itself lets in: nobody needed, any user, the desktop app, a partner's staff, or only the admin. */
  async function enforced(app: Express, method: string, path: string, as = user, role?: string): Promise<Access> {
    const call = (token?: string) => {
      const pending = request(app)[method.toLowerCase() as 'get'](path);
      return token ? pending.set('Authorization', `Bearer ${token}`) : pending;
    };
    if ((await call()).status !== 401) return 'public';
    const asUser = await call(userToken(as));
    if (![401, 403].includes(asUser.status) || (role && asUser.status === 403 && asUser.body.message === role)) return 'user';
    if (![401, 403].includes((await call(signTestToken(keys.privateKey, TOKEN_AUDIENCE.desktop, as))).status)) return 'desktop';
    const staff = signTestToken(keys.privateKey, TOKEN_AUDIENCE.partner, {
      ...as,
      partner: '0123456789abcdef01234567',
      amr: ['pwd', 'otp'],
    });
    return [401, 403].includes((await call(staff)).status) ? 'admin' : 'partner';
  }

  it('when a path the table names outright is asked for, with or without its trailing slash, then its own rule answers before any prefix', () => {
    expect(matchRoute('/api/auth/profile')).toMatchObject({ service: 'auth', access: 'user' });
    expect(matchRoute('/api/auth/profile/')).toMatchObject({ service: 'auth', access: 'user' });
    expect(matchRoute('/api/auth/login')).toMatchObject({ service: 'auth', access: 'public' });
    expect(matchRoute('/api/subscription-status/')).toMatchObject({ service: 'billing', access: 'user' });
    expect(matchRoute('/api/admin/export/users')).toMatchObject({ service: 'admin-reporting', export: true });
    expect(matchRoute('/api/nowhere')).toBeUndefined();
    expect(matchRoute('/api/auth/%2e%2e/admin/users')).toBeUndefined();
  });

  it.each(['auth', 'billing', 'download', 'feedback', 'notifications', 'partners', 'admin-reporting'] as const)(
    'when %s is asked who may call each of its /api routes, then its answer is the gateway table’s',
    async (service) => {
      const routes = routesOf(apps[service]).filter((route) => route.path.startsWith('/api/'));
      expect(routes.length).toBeGreaterThan(0);
      const disagreements: string[] = [];
      for (const { method, path } of routes) {
        const url = concrete(path);
        const rule = matchRoute(url);
        if (!rule) {
          disagreements.push(`${method} ${path}: served by ${service} but not in the gateway table`);
          continue;
        }
        if (rule.service !== service) disagreements.push(`${method} ${path}: the table sends it to ${rule.service}`);
        const route = `${method} ${path}`;
        const actual = OWN_CREDENTIAL[route]
          ? 'public'
          : await enforced(apps[service], method, url, ENDS_EVERY_SESSION.has(route) ? leaving : user, ROLE_AMONG_USERS[route]);
        if (actual !== rule.access) disagreements.push(`${method} ${path}: the table says ${rule.access}, ${service} enforces ${actual}`);
      }
      expect(disagreements).toEqual([]);
    },
  );

  it('when every admin route is called with each role’s token, then each answer is what the role allows: through, or 403 with the reason', async () => {
    const services = ['auth', 'billing', 'download', 'feedback', 'notifications', 'partners', 'admin-reporting'] as const;
    const adminRoutes = services.flatMap((service) =>
      routesOf(apps[service])
        .filter(({ path }) => matchRoute(concrete(path))?.access === 'admin')
        .map((route) => ({ ...route, service })),
    );
    expect(adminRoutes.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(Object.keys(ADMIN_ROUTE_ACTIONS).sort());
    const wrong: string[] = [];
    for (const { method, path, service } of adminRoutes) {
      const action = ADMIN_ROUTE_ACTIONS[`${method} ${path}`]!;
      for (const role of ADMIN_ROLES) {
        const token = signAdminTestToken(keys.privateKey, { sub: 'fedcba9876543210fedcba98', email: `${role}@portal.test`, role });
        const answer = await request(apps[service])[method.toLowerCase() as 'get'](concrete(path)).set('Authorization', `Bearer ${token}`);
        // a HEAD answer has no body to say why
        const refused = answer.status === 403 && (method === 'HEAD' || answer.body.message === ADMIN_ACCESS_MESSAGES.roleRefused);
        if (refused === adminMay(role, action) || answer.status === 401) {
          wrong.push(`${method} ${path} as ${role}: ${answer.status} ${answer.body.message ?? ''}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // the table itself, as the issue states it
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'refund'))).toEqual(['owner', 'finance']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'manage-users'))).toEqual(['owner', 'support']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'export-billing') || adminMay(role, 'export-people'))).toEqual(['owner', 'finance']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'manage-admins'))).toEqual(['owner']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'manage-promotions'))).toEqual(['owner', 'finance']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'record-receipts'))).toEqual(['owner', 'finance']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'export-security-log'))).toEqual(['owner']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'manage-partners'))).toEqual(['owner']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'pay-partners'))).toEqual(['owner', 'finance']);
    expect(ADMIN_ROLES.filter((role) => adminMay(role, 'manage-webhooks'))).toEqual(['owner']);
  });
});
