import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { EVENT_QUEUES, FIRM_MESSAGES } from '@portal/contracts';
import {
  FIRM_EVENTS,
  RELEASE_EVENTS,
  type FirmMembersChangedEvent,
  type FirmSeatsChangedEvent,
  type ReleaseChannelChangedEvent,
} from '@portal/contracts/internal';
import { queuedEvents } from '@portal/platform/testing';
import { eventually, newUserId, startBilling, type BillingHarness } from './billing-harness';

/**
 * "members ≤ seats" between auth and billing by events, billing's side: its read model
 * of auth's firms, fed from its own queue in Redis, catches up after an outage and keeps the newest
 * state whatever the order of delivery; its seats go to auth after each change and in a replay.
 */
describe('firm events (billing)', () => {
  let billing: BillingHarness;
  let connection: Redis;
  let toBilling: Queue;
  beforeAll(async () => {
    billing = await startBilling('firm-events'); // its workers are off: the consumer is down
    connection = new Redis(billing.redis.url, { maxRetriesPerRequest: 1 });
    toBilling = new Queue(EVENT_QUEUES.billing, { connection, prefix: `${billing.redis.prefix}bull` });
  });
  afterAll(async () => {
    await toBilling.close();
    connection.disconnect();
    await billing.close();
  });

  const owner = { userId: newUserId(), token: '' };
  const member = { userId: newUserId(), token: '' };
  beforeAll(() => {
    for (const who of [owner, member]) who.token = `Bearer ${billing.addUser(who.userId, `${who.userId}@example.in`)}`;
  });
  const firmId = newUserId();
  let revision = Date.now() * 1000;
  const state = (members: FirmMembersChangedEvent['members'], at = ++revision): FirmMembersChangedEvent => ({
    firmId,
    revision: at,
    deleted: false,
    name: 'Shah Tax Consultants',
    managedBy: 'Asha Shah',
    members,
  });
  const publish = (event: FirmMembersChangedEvent) => toBilling.add(FIRM_EVENTS.membersChanged, event);
  const firmStatus = (who: { token: string }) =>
    request(billing.url).get(`/api/subscription-status?firmId=${firmId}`).set('Authorization', who.token);
  const drained = () =>
    eventually(async () => {
      const counts = await toBilling.getJobCounts('waiting', 'active', 'delayed');
      return Object.values(counts).every((count) => count === 0);
    });
  const stored = () => billing.db.connection.collection('firm_directory').findOne({ _id: firmId as never });

  it('when people join and leave while billing’s consumer is down, then the changes wait in Redis and the model catches up when a worker starts', async () => {
    const joined = state([
      { userId: owner.userId, role: 'owner', seat: 1 },
      { userId: member.userId, role: 'member', seat: 2 },
    ]);
    const left = state([{ userId: owner.userId, role: 'owner', seat: 1 }]);
    await publish(joined);
    await publish(left);
    const unknown = await firmStatus(owner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(FIRM_MESSAGES.notFound);

    const worker = await billing.startWorker();
    try {
      await eventually(async () => (await stored())?.revision === left.revision);
      expect((await firmStatus(owner)).status).toBe(200);
      expect((await firmStatus(member)).status).toBe(404);

      // an older state delivered late, and the newest delivered twice: the newest stays
      await publish(joined);
      await publish(left);
      await drained();
      expect((await stored())?.members).toEqual([{ userId: owner.userId, role: 'owner', seat: 1 }]);
      expect((await firmStatus(member)).status).toBe(404);

      // a lost event (the member's return) is made good by the next whole state, or auth's replay
      const lost = state([
        { userId: owner.userId, role: 'owner', seat: 1 },
        { userId: member.userId, role: 'member', seat: 2 },
      ]);
      const replayed = state([
        { userId: owner.userId, role: 'owner', seat: 1 },
        { userId: member.userId, role: 'admin', seat: 2 },
      ]);
      expect(lost.revision).toBeLessThan(replayed.revision);
      await publish(replayed);
      await eventually(async () => (await stored())?.revision === replayed.revision);
      expect((await firmStatus(member)).status).toBe(200);

      // deleted: its people have no seat in it any more
      await publish({ ...state([]), deleted: true });
      await drained();
      expect((await firmStatus(owner)).status).toBe(404);
    } finally {
      await worker.stop();
    }
  });

  it('when another instance applies a person’s joining and leaving, then their status shows the firm’s plan at once, and its loss at once', async () => {
    const payingFirm = newUserId();
    const person = { userId: newUserId(), token: '' };
    person.token = `Bearer ${billing.addUser(person.userId, `${person.userId}@example.in`)}`;
    const end = new Date(billing.clock.now.getTime() + 90 * 24 * 3600 * 1000);
    await billing.db.connection.collection('subscriptions').insertOne({
      accountId: payingFirm,
      email: 'f@example.in',
      status: 'active',
      plan: 'professional',
      billingPeriod: 'annual',
      seats: 3,
      subscriptionEndDate: end,
    });
    const ownStatus = async () =>
      (await request(billing.url).get('/api/subscription-status').set('Authorization', person.token).expect(200)).body;
    const firmState = (members: FirmMembersChangedEvent['members']) => ({ ...state(members), firmId: payingFirm });
    expect(await ownStatus()).toMatchObject({ firmPlan: null, canDownload: false }); // in no firm, and remembered so

    const worker = await billing.startWorker(); // the other instance: its consumer applies the events
    try {
      await publish(
        firmState([
          { userId: owner.userId, role: 'owner', seat: 1 },
          { userId: person.userId, role: 'member', seat: 2 },
        ]),
      );
      await drained();
      expect(await ownStatus()).toMatchObject({ firmPlan: { id: payingFirm, plan: 'professional', seats: 3 }, canDownload: true });
      await publish(firmState([{ userId: owner.userId, role: 'owner', seat: 1 }]));
      await drained();
      expect(await ownStatus()).toMatchObject({ firmPlan: null, canDownload: false });
    } finally {
      await worker.stop();
    }
  });

  it('when download tells a channel’s minimum version by billing’s queue, then the worker keeps the newest by revision, whatever the order', async () => {
    const told = (minimumVersion: string | null, at: number): ReleaseChannelChangedEvent => ({
      channel: 'beta',
      minimumVersion,
      message: minimumVersion ? `Update to ${minimumVersion}` : '',
      revision: at,
    });
    await toBilling.add(RELEASE_EVENTS.channelChanged, told('2.0.0-beta.2', revision + 20));
    await toBilling.add(RELEASE_EVENTS.channelChanged, told('2.0.0-beta.1', revision + 10)); // older, delivered later
    const worker = await billing.startWorker();
    try {
      await drained();
    } finally {
      await worker.stop();
    }
    expect(await billing.db.connection.collection('release_channels').findOne({ _id: 'beta' as never })).toMatchObject({
      minimumVersion: '2.0.0-beta.2',
      message: 'Update to 2.0.0-beta.2',
    });
  });

  it('when a firm’s subscription changes, then auth is told its seats; the replay tells every firm again, never a person', async () => {
    const paidFirm = newUserId();
    const idleFirm = newUserId();
    const someone = newUserId();
    for (const id of [paidFirm, idleFirm]) {
      await billing.built.firms.apply({ ...state([{ userId: owner.userId, role: 'owner', seat: 1 }]), firmId: id });
    }
    const end = new Date(billing.clock.now.getTime() + 90 * 24 * 3600 * 1000);
    const subscriptions = billing.db.connection.collection('subscriptions');
    const paid = { status: 'active', plan: 'professional', billingPeriod: 'annual', seats: 3, subscriptionEndDate: end };
    await subscriptions.insertMany([
      { accountId: paidFirm, email: 'f@example.in', ...paid },
      { accountId: someone, email: 's@example.in', ...paid, seats: 1 },
    ]);
    const toAuth = () => queuedEvents<FirmSeatsChangedEvent>(billing.redis, EVENT_QUEUES.auth, FIRM_EVENTS.seatsChanged);
    const before = (await toAuth()).length;

    const { sent } = await billing.built.firmSeats.replay();
    const replayed = (await toAuth()).slice(before);
    expect(sent).toBe(replayed.length);
    expect(replayed.find((event) => event.firmId === paidFirm)).toEqual({
      firmId: paidFirm,
      revision: expect.any(Number),
      seats: 3,
      paidUntil: end.toISOString(),
    });
    expect(replayed.find((event) => event.firmId === idleFirm)).toEqual({
      firmId: idleFirm,
      revision: expect.any(Number),
      seats: 1,
      paidUntil: null,
    });
    expect(replayed.find((event) => event.firmId === someone)).toBeUndefined();

    // a plan that has ended leaves the owner's seat alone
    await subscriptions.updateOne({ accountId: paidFirm }, { $set: { subscriptionEndDate: new Date(billing.clock.now.getTime() - 1000) } });
    expect(await billing.built.firmSeats.announce(paidFirm)).toBe(true);
    expect((await toAuth()).at(-1)).toMatchObject({ firmId: paidFirm, seats: 1, paidUntil: null });
    expect(await billing.built.firmSeats.announce(someone)).toBe(false);
  });
});
