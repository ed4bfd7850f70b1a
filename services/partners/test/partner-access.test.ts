import type { Express } from 'express';
import request from 'supertest';
import { ADMIN_ROLES, PARTNER_MESSAGES } from '@portal/contracts';
import { ORDER_PAID } from '@portal/contracts/internal';
import { startPartners, type PartnersUnderTest } from './partners-harness';

const ours = { id: 'a0000000000000000000000a', email: 'ours@example.in' };
const theirs = { id: 'b0000000000000000000000b', email: 'theirs@example.in' };

/** Every route of the partner area, with what it is asked about: a customer, a statement. */
const PARTNER_ROUTES = [
  { method: 'get', path: '/api/partners/area/me' },
  { method: 'get', path: '/api/partners/area/customers' },
  { method: 'get', path: '/api/partners/area/customers/:userId', customer: true },
  {
    method: 'post',
    path: '/api/partners/area/customers/:userId/proformas',
    customer: true,
    body: { plan: 'basic', billingPeriod: 'annual' },
  },
  { method: 'get', path: '/api/partners/area/ledger' },
  { method: 'get', path: '/api/partners/area/statements' },
  { method: 'get', path: '/api/partners/area/statements/:month/:format', statement: true },
] as const;

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}
const routesOf = (app: Express): string[] => {
  const walk = (stack: Layer[]): string[] =>
    stack.flatMap((layer) =>
      layer.route
        ? Object.keys(layer.route.methods).map((method) => `${method} ${layer.route!.path}`)
        : layer.handle?.stack
          ? walk(layer.handle.stack)
          : [],
    );
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
};

describe('who may use the partner area: a partner for its own customers only, with a second factor, while active', () => {
  let portal: PartnersUnderTest;
  let first: string;
  let second: string;
  const create = async (legalName: string, pan: string) =>
    (
      await request(portal.app)
        .post('/api/admin/partners')
        .set('Authorization', `Bearer ${portal.tokens.admin()}`)
        .send({ legalName, pan, bank: { accountName: legalName, accountNumber: '000111222333', ifsc: 'SBIN0001234' }, tier: 'gold' })
        .expect(201)
    ).body.partner;

  beforeAll(async () => {
    portal = await startPartners('partner-access', new Date('2026-11-15T06:30:00.000Z'));
    for (const person of [ours, theirs]) portal.customers.set(person.id, person);
    const [a, b] = [await create('First Dealers', 'AAAAA1111A'), await create('Second Dealers', 'BBBBB2222B')];
    first = a.id;
    second = b.id;
    await request(portal.app)
      .post('/api/partners/mine')
      .set('Authorization', `Bearer ${portal.tokens.user(ours)}`)
      .send({ code: a.code })
      .expect(201);
    await request(portal.app)
      .post('/api/partners/mine')
      .set('Authorization', `Bearer ${portal.tokens.user(theirs)}`)
      .send({ code: b.code })
      .expect(201);
    // a sale each, so each partner has a November statement, which the other must not read
    for (const [customer, order] of [
      [ours, 'ORD-OURS'],
      [theirs, 'ORD-THEIRS'],
    ] as const) {
      await portal.publish(ORDER_PAID, {
        merchantOrderId: order,
        accountId: customer.id,
        firmId: null,
        kind: 'new',
        firmOwnerId: null,
        plan: 'basic',
        billingPeriod: 'annual',
        taxablePaise: 100000,
        amountPaise: 118000,
        paidAt: '2026-11-16T05:00:00.000Z',
      });
    }
    const deadline = Date.now() + 10_000;
    while ((await portal.db.connection.collection('ledger_lines').countDocuments()) < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    portal.setNow(new Date('2026-12-03T00:00:00.000Z'));
    expect(await portal.statements.issueDue()).toBe(2);
  });
  afterAll(() => portal.stop());

  const call = (route: (typeof PARTNER_ROUTES)[number], customer: string, token: string) => {
    const path = route.path.replace(':userId', customer).replace(':month', '2026-11').replace(':format', 'csv');
    const pending = request(portal.app)[route.method](path).set('Authorization', `Bearer ${token}`);
    return 'body' in route ? pending.send(route.body) : pending;
  };

  it('when the service’s routes are listed, then every partner-area route is in this matrix', () => {
    const served = routesOf(portal.app).filter((route) => route.includes('/api/partners/area/'));
    expect(served.sort()).toEqual(PARTNER_ROUTES.map(({ method, path }) => `${method} ${path}`).sort());
  });

  it.each(PARTNER_ROUTES)(
    'when $method $path is called by another partner, a customer, each admin role, or staff without a second factor, then each answer is as the roles allow',
    async (route) => {
      const own = await call(route, ours.id, portal.tokens.partner('f0000000000000000000000f', first));
      expect(own.status).toBeLessThan(300);
      const answers: Record<string, number> = {};
      // the other partner's customer, or the other partner's statement: as absent as none
      if ('customer' in route)
        answers.otherCustomer = (await call(route, theirs.id, portal.tokens.partner('f0000000000000000000000f', first))).status;
      answers.customer = (await call(route, ours.id, portal.tokens.user(ours, ['pwd', 'otp']))).status;
      for (const role of ADMIN_ROLES) answers[role] = (await call(route, ours.id, portal.tokens.admin(role))).status;
      const withoutSecond = await call(route, ours.id, portal.tokens.partner('f0000000000000000000000f', first, ['pwd']));
      answers.withoutSecondFactor = withoutSecond.status;
      expect(withoutSecond.body.message).toBe(PARTNER_MESSAGES.secondFactorRequired);
      expect(answers).toEqual({
        ...('customer' in route ? { otherCustomer: 404 } : {}),
        customer: 401,
        owner: 401,
        finance: 401,
        support: 401,
        'read-only': 401,
        withoutSecondFactor: 401,
      });
      expect(own.body).not.toHaveProperty('partners');
      expect(`${JSON.stringify(own.body)}${own.text ?? ''}`).not.toContain(theirs.email);
    },
  );

  it('when each partner reads November’s statement, then each reads its own customer’s line and not the other’s', async () => {
    const [statement] = PARTNER_ROUTES.filter((route) => 'statement' in route);
    const ourCsv = await call(statement!, ours.id, portal.tokens.partner('f0000000000000000000000f', first));
    expect(ourCsv.text).toContain('ours@example.in');
    expect(ourCsv.text).not.toContain('theirs@example.in');
    const theirsCsv = await call(statement!, theirs.id, portal.tokens.partner('e0000000000000000000000e', second));
    expect(theirsCsv.status).toBe(200);
    expect(theirsCsv.text).toContain('theirs@example.in');
    expect(theirsCsv.text).not.toContain('ours@example.in');
  });

  it('when a partner is suspended, then its staff get 403 on every route, and back in once it is active again', async () => {
    const admin = `Bearer ${portal.tokens.admin()}`;
    await request(portal.app).patch(`/api/admin/partners/${first}`).set('Authorization', admin).send({ status: 'suspended' }).expect(200);
    for (const route of PARTNER_ROUTES) {
      const answer = await call(route, ours.id, portal.tokens.partner('f0000000000000000000000f', first));
      expect([route.path, answer.status, answer.body.message]).toEqual([route.path, 403, PARTNER_MESSAGES.suspended]);
    }
    await request(portal.app).patch(`/api/admin/partners/${first}`).set('Authorization', admin).send({ status: 'active' }).expect(200);
    expect((await call(PARTNER_ROUTES[0], ours.id, portal.tokens.partner('f0000000000000000000000f', first))).status).toBe(200);
  });
});
