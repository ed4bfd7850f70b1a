import request from 'supertest';
import { EVENT_QUEUES, FIRM_MESSAGES, type FirmDetails } from '@portal/contracts';
import { FIRM_EVENTS, type FirmMembersChangedEvent } from '@portal/contracts/internal';
import { queuedEvents } from '@portal/platform/testing';
import { startAuth, validSignup, type AuthHarness } from './auth-harness';
import { billingSeatsEvents } from './billing-seats-events';

/**
 * "members ≤ seats" between auth and billing by events, auth's side: its read model of
 * billing's seats catches up after an outage and keeps the newest state whatever the order of
 * delivery, and its replay tells billing every firm again, the deleted ones too.
 */
describe('firm events (auth)', () => {
  const clock = { now: new Date('2026-11-26T06:00:00Z') };
  let auth: AuthHarness;
  let billing: ReturnType<typeof billingSeatsEvents>;
  beforeAll(async () => {
    auth = await startAuth('firm-events', {}, clock);
    billing = billingSeatsEvents(auth.redis, auth.db);
  });
  afterAll(async () => {
    await billing.close();
    await auth.close();
  });

  let people = 0;
  const register = async () => {
    const { body } = await request(auth.app)
      .post('/api/auth/register')
      .send(validSignup(`person.${++people}@example.in`));
    return { id: body.user._id as string, token: `Bearer ${body.token}` };
  };
  const createFirm = async (owner: { token: string }, name: string) =>
    (await request(auth.app).post('/api/firms').set('Authorization', owner.token).send({ name })).body.firm.id as string;
  const seats = async (firmId: string, owner: { token: string }) =>
    ((await request(auth.app).get(`/api/firms/${firmId}`).set('Authorization', owner.token)).body.firm as FirmDetails).seats;
  const invite = (firmId: string, owner: { token: string }, email: string) =>
    request(auth.app).post(`/api/firms/${firmId}/invitations`).set('Authorization', owner.token).send({ email, role: 'member' });
  const drained = () =>
    billing.taken(async () => (await queuedEvents(auth.redis, EVENT_QUEUES.auth, FIRM_EVENTS.seatsChanged)).length === 0);

  it('when billing publishes seats while auth is down, then auth takes them in when it starts again, and invitations follow them', async () => {
    const owner = await register();
    const firmId = await createFirm(owner, 'Bose & Bose');
    expect((await invite(firmId, owner, 'first@example.in')).body.message).toBe(FIRM_MESSAGES.noFreeSeat(1));

    await auth.restart(async () => {
      await billing.publish({ firmId, revision: billing.nextRevision(), seats: 4, paidUntil: '2027-11-26T06:00:00.000Z' });
    });
    await billing.taken(async () => (await billing.stored(firmId))?.seats === 4);
    expect(await seats(firmId, owner)).toEqual({ bought: 4, used: 1 });
    expect((await invite(firmId, owner, 'first@example.in')).status).toBe(201);
  });

  it('when an older seats event arrives after a newer one, or one arrives twice, then the newest stays', async () => {
    const owner = await register();
    const firmId = await createFirm(owner, 'Menon Tax Desk');
    const older = billing.nextRevision();
    const newer = { firmId, revision: billing.nextRevision(), seats: 5, paidUntil: '2027-11-26T06:00:00.000Z' };
    await billing.publish(newer);
    await billing.publish({ firmId, revision: older, seats: 2, paidUntil: '2027-01-26T06:00:00.000Z' });
    await billing.publish(newer);
    await drained();
    const { firmId: _id, ...rest } = newer;
    expect(await billing.stored(firmId)).toEqual({ _id, ...rest });
    expect(await seats(firmId, owner)).toEqual({ bought: 5, used: 1 });
  });

  it('when a paid period billing published has ended, then the firm has its owner’s seat again without another event', async () => {
    const owner = await register();
    const firmId = await createFirm(owner, 'Iyer Chambers');
    await billing.set(firmId, 3, new Date(clock.now.getTime() + 60_000));
    expect(await seats(firmId, owner)).toEqual({ bought: 3, used: 1 });
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await seats(firmId, owner)).toEqual({ bought: 1, used: 1 });
  });

  it('when the replay runs, then billing hears every firm’s whole state again, a deleted firm as deleted', async () => {
    const owner = await register();
    const kept = await createFirm(owner, 'Kept & Co');
    const gone = await createFirm(owner, 'Gone & Co');
    expect((await request(auth.app).delete(`/api/firms/${gone}`).set('Authorization', owner.token)).status).toBe(200);
    const toBilling = () => queuedEvents<FirmMembersChangedEvent>(auth.redis, EVENT_QUEUES.billing, FIRM_EVENTS.membersChanged);
    const before = (await toBilling()).length;

    const { sent } = await auth.firmEvents.replay();
    const replayed = (await toBilling()).slice(before);
    expect(sent).toBe(replayed.length);
    expect(replayed.find((event) => event.firmId === kept)).toEqual({
      firmId: kept,
      revision: expect.any(Number),
      deleted: false,
      name: 'Kept & Co',
      managedBy: 'Ravi Kumar',
      members: [{ userId: owner.id, role: 'owner', seat: 1 }],
    });
    expect(replayed.find((event) => event.firmId === gone)).toMatchObject({ firmId: gone, deleted: true, members: [] });
    // the replay's revisions are newer than anything sent before it
    const earlier = (await toBilling()).slice(0, before);
    expect(Math.min(...replayed.map((event) => event.revision))).toBeGreaterThan(Math.max(...earlier.map((event) => event.revision)));
  });
});
