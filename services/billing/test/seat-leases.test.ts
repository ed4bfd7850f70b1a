import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import request from 'supertest';
import {
  DAY_MS,
  EVENT_QUEUES,
  LICENSE_ERRORS,
  SEAT_LEASE_ERRORS,
  SEAT_LEASE_MESSAGES,
  SECURITY_RECORDED,
  type SecurityEvent,
  type SeatLeaseView,
} from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import { eventually, KARNATAKA_SELLER, MAHARASHTRA_FIRM, newUserId, startBilling, type BillingHarness } from './billing-harness';

const MINUTE = 60_000;
const ROLES = ['owner', 'admin', 'member'] as const;
const deviceId = (name: string) => createHash('sha256').update(name).digest('hex');
const machine = (name: string) => ({ deviceId: deviceId(name), deviceName: name, os: 'Windows 11 Pro 23H2', appVersion: '1.2.0' });
const running = (name: string) => ({ deviceId: deviceId(name), appVersion: '1.2.0' });

/** A firm's office: any of its PCs activated, at most the seats bought running at once, held by heartbeat. */
describe('floating seats: leases held by heartbeat, borrowed for days offline, seen and freed by the firm', () => {
  let billing: BillingHarness;
  beforeAll(async () => {
    // the seller makes Business's seats float; Professional keeps named seats
    billing = await startBilling('seat-leases', KARNATAKA_SELLER, (db) =>
      db.connection.collection('plans').insertOne({
        _id: 'business' as never,
        title: 'Business',
        monthlyPricePaise: 2000_00,
        features: ['Several practitioners in one firm'],
        seating: 'floating',
        order: 2,
      }),
    );
  });
  afterAll(() => billing.close());

  const START = new Date('2026-12-01T04:30:00.000Z');
  const at = (ms: number) => (billing.clock.now = new Date(START.getTime() + ms));
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const forFirm = (path: string, firmId: string) => `${path}${path.includes('?') ? '&' : '?'}firmId=${firmId}`;
  const post = (token: string, path: string, body: object) => request(billing.url).post(path).set(as(token)).send(body);

  /** A firm that bought `seats` seats of `plan` a year, paid, with as many people (owner, admin, member) up to three; each person's desktop token for it. */
  async function office(seats: number, plan = 'business') {
    at(0);
    const firmId = newUserId();
    const person = (role: string) => {
      const userId = newUserId();
      const email = `${role}.${userId}@example.in`;
      return { userId, email, token: billing.addUser(userId, email, role), desktop: billing.desktopToken(userId, email, firmId) };
    };
    const [owner, admin, member] = [person('owner'), person('admin'), person('member')];
    const people = [owner, admin, member].slice(0, Math.min(seats, 3));
    await billing.addFirm(firmId, 'Iyer & Associates', Object.fromEntries(people.map((one, index) => [one.userId, ROLES[index]!])));
    await request(billing.url).put(forFirm('/api/billing/profile', firmId)).set(as(owner.token)).send(MAHARASHTRA_FIRM);
    const bought = await post(owner.token, forFirm('/api/payment/create-phonepe-order', firmId), { plan, billingPeriod: 'annual', seats });
    expect(bought.status).toBe(201);
    await billing.phonepe.settle(bought.body.merchantOrderId, 'success');
    const transactions = billing.db.connection.collection('transactions');
    await eventually(async () => (await transactions.findOne({ merchantOrderId: bought.body.merchantOrderId }))?.credited === true);
    at(0);
    return { firmId, owner, admin, member };
  }

  async function activated(desktop: string, name: string) {
    const answer = await post(desktop, '/api/licenses/activate', machine(name));
    expect(answer.status).toBe(201);
    return answer;
  }
  const checkout = (desktop: string, name: string) => post(desktop, '/api/licenses/leases', running(name));
  const heartbeat = (desktop: string, name: string) => post(desktop, '/api/licenses/leases/heartbeat', running(name));
  const seatsOf = async (token: string, firmId: string) => request(billing.url).get(forFirm('/api/licenses/seats', firmId)).set(as(token));
  const seatLog = async (firmId: string) =>
    (await queuedEvents<SecurityEvent>(billing.redis, EVENT_QUEUES.auditLog, SECURITY_RECORDED))
      .filter((event) => event.kind === 'seat-lease' && event.subject.id === firmId)
      .map((event) => [event.outcome, event.reason, event.details?.deviceName ?? event.details?.deviceId]);

  it('when twenty of the firm’s PCs start at once for its five seats, then exactly five get one and fifteen are told who holds them', async () => {
    const { firmId, owner, admin, member } = await office(5);
    const people = [owner, admin, member];
    const pcs = Array.from({ length: 20 }, (_, index) => ({ who: people[index % 3]!, name: `DESK-${String(index + 1).padStart(2, '0')}` }));
    // any number of the firm's PCs may be activated: each activation's licence ends at once, until the PC holds a seat
    for (const pc of pcs) {
      const answer = await activated(pc.who.desktop, pc.name);
      expect(answer.body.seating).toBe('floating');
      expect(answer.body.expiresAt).toBe(START.toISOString());
    }

    const answers = await Promise.all(pcs.map((pc) => checkout(pc.who.desktop, pc.name)));
    const given = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(given).toHaveLength(5);
    expect(refused.map((answer) => [answer.status, answer.body.error, answer.body.message])).toEqual(
      Array(15).fill([409, SEAT_LEASE_ERRORS.seatsTaken, SEAT_LEASE_MESSAGES.seatsTaken(5)]),
    );
    const holders = given.map((answer) => answer.body.lease.deviceName).sort();
    for (const answer of refused) {
      expect(answer.body.holders.map((lease: SeatLeaseView) => lease.deviceName).sort()).toEqual(holders);
      expect(answer.body.holders[0]).toMatchObject({
        since: START.toISOString(),
        kind: 'lease',
        email: expect.stringContaining('@example.in'),
      });
    }
    expect(await billing.db.connection.collection('seat_leases').countDocuments({ firmId })).toBe(5);
    // the licence each holder got ends with its lease, 15 minutes on, and names the seat
    const first = given[0]!.body;
    expect(first).toMatchObject({ expiresAt: new Date(START.getTime() + 15 * MINUTE).toISOString(), heartbeatSeconds: 300 });
    expect(decodeJwt(first.license)).toMatchObject({
      lease: { id: first.lease.id, kind: 'lease' },
      exp: (START.getTime() + 15 * MINUTE) / 1000,
    });
    const log = await seatLog(firmId);
    expect(log.filter(([outcome]) => outcome === 'success')).toHaveLength(5);
    expect(log.filter(([outcome, reason]) => outcome === 'failure' && reason === 'seats_taken')).toHaveLength(15);
  });

  it('when a PC falls silent, then its seat is freed at exactly 15 minutes and not a millisecond earlier, and its next heartbeat is told so', async () => {
    const { owner } = await office(1);
    const member = owner;
    await activated(owner.desktop, 'FRONT-DESK');
    await activated(member.desktop, 'BACK-OFFICE');
    expect((await checkout(owner.desktop, 'FRONT-DESK')).status).toBe(201);

    // a heartbeat at 10 minutes keeps it to 25
    at(10 * MINUTE);
    const renewed = await heartbeat(owner.desktop, 'FRONT-DESK');
    expect(renewed.status).toBe(200);
    expect(renewed.body.lease).toMatchObject({ renewedAt: new Date(START.getTime() + 10 * MINUTE).toISOString() });
    expect(renewed.body.expiresAt).toBe(new Date(START.getTime() + 25 * MINUTE).toISOString());

    at(25 * MINUTE - 1);
    const early = await checkout(member.desktop, 'BACK-OFFICE');
    expect([early.status, early.body.holders?.[0]?.deviceName]).toEqual([409, 'FRONT-DESK']);
    at(25 * MINUTE);
    const freed = await checkout(member.desktop, 'BACK-OFFICE');
    expect([freed.status, freed.body.lease?.deviceName]).toEqual([201, 'BACK-OFFICE']);
    const lost = await heartbeat(owner.desktop, 'FRONT-DESK');
    expect([lost.status, lost.body.error, lost.body.message]).toEqual([410, SEAT_LEASE_ERRORS.leaseLost, SEAT_LEASE_MESSAGES.leaseLost]);
    // checking out again while the seat is held is refused; the PC that holds it keeps its seat on a second checkout
    expect((await checkout(owner.desktop, 'FRONT-DESK')).status).toBe(409);
    const again = await checkout(member.desktop, 'BACK-OFFICE');
    expect([again.status, again.body.lease.id]).toEqual([200, freed.body.lease.id]);
  });

  it('when a seat is borrowed, then its licence ends with the borrow, more than 7 days is refused, and giving it back frees it at once', async () => {
    const { firmId, owner } = await office(1);
    const member = owner;
    await activated(owner.desktop, 'LAPTOP');
    await activated(member.desktop, 'DESKTOP');
    for (const days of [8, 0, 2.5, '3']) {
      const refused = await post(owner.desktop, '/api/licenses/leases/borrow', { ...running('LAPTOP'), days });
      expect([refused.status, refused.body.message]).toEqual([400, SEAT_LEASE_MESSAGES.borrowDays]);
    }
    expect(await billing.db.connection.collection('seat_leases').countDocuments({ firmId })).toBe(0);

    const borrowed = await post(owner.desktop, '/api/licenses/leases/borrow', { ...running('LAPTOP'), days: 7 });
    expect(borrowed.status).toBe(201);
    const until = new Date(START.getTime() + 7 * DAY_MS);
    expect(borrowed.body).toMatchObject({ expiresAt: until.toISOString(), lease: { kind: 'borrow', expiresAt: until.toISOString() } });
    expect(decodeJwt(borrowed.body.license)).toMatchObject({ lease: { kind: 'borrow' }, exp: until.getTime() / 1000 });
    // offline for six days, the seat is still the laptop's
    at(6 * DAY_MS);
    expect((await checkout(member.desktop, 'DESKTOP')).status).toBe(409);
    expect((await heartbeat(owner.desktop, 'LAPTOP')).body.lease).toMatchObject({ kind: 'borrow', expiresAt: until.toISOString() });

    const given = await post(owner.desktop, '/api/licenses/leases/release', { deviceId: deviceId('LAPTOP') });
    expect(given.body).toEqual({ message: SEAT_LEASE_MESSAGES.released });
    expect((await checkout(member.desktop, 'DESKTOP')).status).toBe(201);
    expect(await seatLog(firmId)).toEqual([
      ['success', 'borrowed', 'LAPTOP'],
      ['failure', 'seats_taken', deviceId('DESKTOP')],
      ['success', 'released', 'LAPTOP'],
      ['success', 'checked-out', 'DESKTOP'],
    ]);
  });

  it('when the owner frees a stuck seat, then the next PC gets it; a member may give back only their own, an outsider sees nothing', async () => {
    const { firmId, owner, admin, member } = await office(3);
    for (const [who, name] of [
      [member, 'STUCK-PC'],
      [admin, 'ADMIN-PC'],
      [owner, 'OWNER-PC'],
      [owner, 'NEXT-PC'],
    ] as const)
      await activated(who.desktop, name);
    const stuck = (await checkout(member.desktop, 'STUCK-PC')).body.lease as SeatLeaseView;
    const adminSeat = (await checkout(admin.desktop, 'ADMIN-PC')).body.lease as SeatLeaseView;
    expect((await checkout(owner.desktop, 'OWNER-PC')).status).toBe(201);
    // the office's three seats are held: the next PC waits
    expect((await checkout(owner.desktop, 'NEXT-PC')).status).toBe(409);

    const seen = await seatsOf(owner.token, firmId);
    expect(seen.body).toMatchObject({ seating: 'floating', seats: 3 });
    expect(seen.body.leases.map((lease: SeatLeaseView) => [lease.deviceName, lease.email])).toEqual([
      ['STUCK-PC', member.email],
      ['ADMIN-PC', admin.email],
      ['OWNER-PC', owner.email],
    ]);
    expect((await seatsOf(member.token, firmId)).body.leases).toHaveLength(3);
    const outsider = billing.addUser(newUserId(), 'outsider@example.in');
    expect((await seatsOf(outsider, firmId)).status).toBe(404);
    expect(
      (
        await request(billing.url)
          .delete(forFirm(`/api/licenses/seats/${stuck.id}`, firmId))
          .set(as(outsider))
      ).status,
    ).toBe(404);
    expect((await request(billing.url).delete(forFirm('/api/licenses/seats/not-an-id', firmId)).set(as(owner.token))).status).toBe(400);
    const notTheirs = await request(billing.url)
      .delete(forFirm(`/api/licenses/seats/${adminSeat.id}`, firmId))
      .set(as(member.token));
    expect([notTheirs.status, notTheirs.body.message]).toEqual([403, SEAT_LEASE_MESSAGES.notYours]);

    const freed = await request(billing.url)
      .delete(forFirm(`/api/licenses/seats/${stuck.id}`, firmId))
      .set(as(owner.token));
    expect(freed.body).toEqual({ message: SEAT_LEASE_MESSAGES.freed });
    const next = await checkout(owner.desktop, 'NEXT-PC');
    expect([next.status, next.body.lease.deviceName]).toEqual([201, 'NEXT-PC']);
    // the freed PC's next heartbeat says so
    expect((await heartbeat(member.desktop, 'STUCK-PC')).status).toBe(410);

    // the vendor's admin sees the seats with the firm's owner, and frees one; support frees one, a read-only admin may only look
    const inAdmin = await request(billing.url)
      .get(`/api/admin/users/${owner.userId}/seat-leases`)
      .set(as(billing.adminToken('read-only')));
    expect(inAdmin.body.leases.map((lease: SeatLeaseView) => lease.deviceName)).toEqual(['ADMIN-PC', 'OWNER-PC', 'NEXT-PC']);
    const path = `/api/admin/users/${owner.userId}/seat-leases/${adminSeat.id}`;
    expect(
      (
        await request(billing.url)
          .delete(path)
          .set(as(billing.adminToken('read-only')))
      ).status,
    ).toBe(403);
    expect(
      (
        await request(billing.url)
          .delete(path)
          .set(as(billing.adminToken('support')))
      ).body,
    ).toEqual({ message: SEAT_LEASE_MESSAGES.freed });
    expect((await seatsOf(owner.token, firmId)).body.leases.map((lease: SeatLeaseView) => lease.deviceName)).toEqual([
      'OWNER-PC',
      'NEXT-PC',
    ]);
    expect((await seatLog(firmId)).filter(([, reason]) => reason === 'freed')).toHaveLength(2);
  });

  it('when the firm’s plan lapses, then it keeps no lease: the heartbeat is refused and the seats list is empty', async () => {
    const { firmId, owner } = await office(2);
    await activated(owner.desktop, 'OFFICE-1');
    expect((await checkout(owner.desktop, 'OFFICE-1')).status).toBe(201);
    at(400 * DAY_MS);
    const refused = await heartbeat(owner.desktop, 'OFFICE-1');
    expect([refused.status, refused.body.error]).toEqual([403, LICENSE_ERRORS.noEntitlement]);
    expect((await seatsOf(owner.token, firmId)).body).toEqual({ seating: 'floating', seats: 2, leases: [] });
    expect(await billing.db.connection.collection('seat_leases').countDocuments({ firmId })).toBe(0);
  });

  it('when the plan’s seats are named, then no seat is checked out and the device limit holds as before', async () => {
    const { owner } = await office(1, 'professional');
    const first = await activated(owner.desktop, 'NAMED-1');
    expect(first.body.seating).toBeUndefined();
    const refused = await checkout(owner.desktop, 'NAMED-1');
    expect([refused.status, refused.body.error, refused.body.message]).toEqual([
      409,
      SEAT_LEASE_ERRORS.seatsNotFloating,
      SEAT_LEASE_MESSAGES.seatsNotFloating,
    ]);
    const malformed = await post(owner.desktop, '/api/licenses/leases', { deviceId: { $ne: null }, appVersion: '1.2.0' });
    expect(malformed.status).toBe(400);
    const notActivated = await checkout(owner.desktop, 'NEVER-ACTIVATED');
    expect([notActivated.status, notActivated.body.error]).toEqual([403, LICENSE_ERRORS.deviceNotActivated]);
  });
});
