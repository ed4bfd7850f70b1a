import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { decodeJwt } from 'jose';
import { DAY_MS, DESKTOP_CLIENT_ID, DEVICE_GRANT_TYPE, EVENT_QUEUES, FIRM_MESSAGES, type FirmDetails } from '@portal/contracts';
import { FIRM_EVENTS, type FirmMembersChangedEvent } from '@portal/contracts/internal';
import { createServiceCredential } from '@portal/platform';
import { queuedEvents } from '@portal/platform/testing';
import { enrolAdmin } from './admin-sign-in';
import { startAuth, TEST_SERVICE_SECRET, validSignup, type AuthHarness } from './auth-harness';
import { billingSeatsEvents } from './billing-seats-events';

/**
 * Firm accounts on auth as production composes it, with billing's seats arriving as
 * billing publishes them (events on auth's queue) and a clock the tests move.
 */
describe('firms', () => {
  const clock = { now: new Date('2026-11-24T06:00:00Z') };
  let auth: AuthHarness;
  let billing: ReturnType<typeof billingSeatsEvents>;
  let server: Server;
  let url: string;
  let adminToken: string;
  beforeAll(async () => {
    auth = await startAuth('firms', {}, clock);
    billing = billingSeatsEvents(auth.redis, auth.db);
    server = auth.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await auth.adminAccounts.bootstrapFirstAdmin('root@portal.test', 'first-admin-pass');
    adminToken = (await enrolAdmin(url, 'root@portal.test', 'first-admin-pass', clock.now)).token;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await billing.close();
    await auth.close();
  });

  let people = 0;
  interface Person {
    id: string;
    email: string;
    token: string;
  }
  const register = async (name: string): Promise<Person> => {
    const email = `${name}.${++people}@example.in`;
    const { body } = await request(url).post('/api/auth/register').send(validSignup(email));
    return { id: body.user._id, email, token: body.token };
  };
  const as = (person: Person | string) => ({ Authorization: `Bearer ${typeof person === 'string' ? person : person.token}` });
  const createFirm = async (owner: Person, name = 'Kumar & Associates') =>
    (await request(url).post('/api/firms').set(as(owner)).send({ name })).body.firm.id as string;
  const details = async (firmId: string, person: Person) =>
    (await request(url).get(`/api/firms/${firmId}`).set(as(person))).body.firm as FirmDetails;
  /** The link's secret, from the last invitation e-mail to `email`. */
  const invitationToken = async (email: string) => {
    const mail = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes(email) && /invited you/.test(m.subject ?? ''));
    return /invitation=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
  };
  const invite = (firmId: string, by: Person, email: string, role = 'member') =>
    request(url).post(`/api/firms/${firmId}/invitations`).set(as(by)).send({ email, role });
  const accept = (person: Person, token: string) => request(url).post('/api/firms/invitations/accept').set(as(person)).send({ token });
  /** `person` joins the firm with `role` by the e-mailed invitation. */
  const join = async (firmId: string, owner: Person, person: Person, role = 'member') => {
    expect((await invite(firmId, owner, person.email, role)).status).toBe(201);
    expect((await accept(person, await invitationToken(person.email))).status).toBe(200);
  };

  describe('a firm and its people', () => {
    it('when a person creates a firm, then they are its owner on its one seat, and nobody else sees it', async () => {
      const owner = await register('owner');
      const outsider = await register('outsider');
      const created = await request(url).post('/api/firms').set(as(owner)).send({ name: '  Kumar & Associates ' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ firm: { name: 'Kumar & Associates', role: 'owner' }, message: FIRM_MESSAGES.created });

      expect((await request(url).get('/api/firms').set(as(owner))).body.firms).toEqual([
        { id: created.body.firm.id, name: 'Kumar & Associates', role: 'owner' },
      ]);
      const firm = await details(created.body.firm.id, owner);
      expect(firm).toMatchObject({
        role: 'owner',
        owner: { userId: owner.id, email: owner.email, name: 'Ravi Kumar' },
        seats: { bought: 1, used: 1 },
      });
      expect(firm.members.map((m) => [m.email, m.role])).toEqual([[owner.email, 'owner']]);
      expect(firm.invitations).toEqual([]);

      const peek = await request(url).get(`/api/firms/${created.body.firm.id}`).set(as(outsider));
      expect(peek.status).toBe(404);
      expect(peek.body.message).toBe(FIRM_MESSAGES.notFound);
      expect((await request(url).get('/api/firms').set(as(outsider))).body.firms).toEqual([]);
    });

    it('when a firm name is missing, too long or a body carries an operator, then 400 and no firm', async () => {
      const owner = await register('owner');
      for (const body of [{}, { name: '   ' }, { name: 'x'.repeat(121) }, { name: { $gt: '' } }, { name: 'Firm', ownerId: 'x' }]) {
        expect((await request(url).post('/api/firms').set(as(owner)).send(body)).status).toBe(400);
      }
      expect((await request(url).get('/api/firms/not-an-id').set(as(owner))).status).toBe(400);
      expect((await request(url).get('/api/firms').set(as(owner))).body.firms).toEqual([]);
    });

    it('when the seats are all used, then an invitation is refused with the reason; with seats bought it is e-mailed', async () => {
      const owner = await register('owner');
      const firmId = await createFirm(owner);
      const refused = await invite(firmId, owner, 'staff@example.in');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(FIRM_MESSAGES.noFreeSeat(1));

      await billing.set(firmId, 3);
      const sent = await invite(firmId, owner, 'Staff@Example.in');
      expect(sent.status).toBe(201);
      expect(sent.body.message).toBe(FIRM_MESSAGES.invited('staff@example.in'));
      const mail = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes('staff@example.in'));
      expect(mail.subject).toBe('Ravi Kumar invited you to Kumar & Associates on the Tax Practitioner Portal');
      // no account with this address: the link signs up first and comes back to the invitation
      const secret = /invitation=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '')![1]!;
      expect(mail.text).toContain(`http://portal.test/signup?next=%2Fprofile%3Ftab%3Dfirms%26invitation%3D${secret}`);
      expect(mail.text).toContain(`Already signed in on this browser? Open http://portal.test/profile?tab=firms&invitation=${secret}`);
      // an account with the address: the link logs in first
      const existing = await register('existing');
      expect((await invite(firmId, owner, existing.email)).status).toBe(201);
      const toExisting = await auth.smtp.waitForMail(
        (m) => JSON.stringify(m.to).includes(existing.email) && /invited you/.test(m.subject ?? ''),
      );
      expect(toExisting.text).toMatch(/http:\/\/portal\.test\/login\?next=%2Fprofile%3Ftab%3Dfirms%26invitation%3D[A-Za-z0-9_-]{43}/);
      expect((await invite(firmId, owner, 'staff@example.in')).body.message).toBe(FIRM_MESSAGES.alreadyInvited('staff@example.in'));
      expect((await invite(firmId, owner, owner.email)).body.message).toBe(FIRM_MESSAGES.alreadyMember);
      // sent at the same instant of the test's clock: in either order
      expect((await details(firmId, owner)).invitations?.map((i) => [i.email, i.role, i.invitedBy]).sort()).toEqual([
        [existing.email, 'member', owner.email],
        ['staff@example.in', 'member', owner.email],
      ]);
    });

    it('when the invitee opens the link and accepts with its e-mail, then they take a seat; another account cannot use it', async () => {
      const owner = await register('owner');
      const firmId = await createFirm(owner);
      await billing.set(firmId, 3);
      const staff = await register('staff');
      const stranger = await register('stranger');
      await invite(firmId, owner, staff.email, 'admin');
      const token = await invitationToken(staff.email);

      const preview = await request(url).get(`/api/firm-invitations/${token}`);
      expect(preview.status).toBe(200);
      expect(preview.body.invitation).toMatchObject({
        firmName: 'Kumar & Associates',
        email: staff.email,
        role: 'admin',
        invitedBy: owner.email,
      });

      const wrong = await accept(stranger, token);
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe(FIRM_MESSAGES.invitationForSomeoneElse(staff.email));

      const joined = await accept(staff, token);
      expect(joined.status).toBe(200);
      expect(joined.body).toEqual({ firmId, message: FIRM_MESSAGES.accepted('Kumar & Associates') });
      expect((await accept(staff, token)).body.message).toBe(FIRM_MESSAGES.invitationUsed);
      expect((await request(url).get('/api/firms').set(as(staff))).body.firms).toEqual([
        { id: firmId, name: 'Kumar & Associates', role: 'admin' },
      ]);
      const firm = await details(firmId, owner);
      expect(firm.seats).toEqual({ bought: 3, used: 2 });
      expect(firm.invitations).toEqual([]);
    });

    it('when an invitation is 7 days old, then it no longer works; a withdrawn one neither', async () => {
      const owner = await register('owner');
      const firmId = await createFirm(owner);
      await billing.set(firmId, 5);
      const late = await register('late');
      const withdrawn = await register('withdrawn');
      await invite(firmId, owner, late.email);
      const lateToken = await invitationToken(late.email);
      await invite(firmId, owner, withdrawn.email);
      const withdrawnToken = await invitationToken(withdrawn.email);

      const invitationId = (await details(firmId, owner)).invitations!.find((i) => i.email === withdrawn.email)!.id;
      const revoked = await request(url).delete(`/api/firms/${firmId}/invitations/${invitationId}`).set(as(owner));
      expect(revoked.body).toEqual({ message: FIRM_MESSAGES.invitationRevokedDone });
      const refused = await accept(withdrawn, withdrawnToken);
      expect(refused.status).toBe(410);
      expect(refused.body.message).toBe(FIRM_MESSAGES.invitationRevoked);

      const sentAt = clock.now;
      try {
        clock.now = new Date(sentAt.getTime() + 7 * DAY_MS - 1);
        expect((await request(url).get(`/api/firm-invitations/${lateToken}`)).status).toBe(200);
        clock.now = new Date(sentAt.getTime() + 7 * DAY_MS);
        const expired = await accept(late, lateToken);
        expect(expired.status).toBe(410);
        expect(expired.body.message).toBe(FIRM_MESSAGES.invitationExpired);
        expect((await request(url).get(`/api/firm-invitations/${lateToken}`)).status).toBe(410);
        expect((await details(firmId, owner)).invitations).toEqual([]);
      } finally {
        clock.now = sentAt;
      }
      expect((await details(firmId, owner)).members).toHaveLength(1);
      expect((await request(url).get(`/api/firm-invitations/${'A'.repeat(43)}`)).status).toBe(404);
      expect((await request(url).get('/api/firm-invitations/short')).status).toBe(400);
    });

    it('when 20 invitees accept at once for 5 free seats, then 5 join and 15 are refused with 409', async () => {
      const owner = await register('owner');
      const firmId = await createFirm(owner);
      await billing.set(firmId, 6);
      const invitees = await Promise.all(Array.from({ length: 20 }, (_, i) => register(`racer${i}`)));
      const tokens: string[] = [];
      for (const invitee of invitees) {
        expect((await invite(firmId, owner, invitee.email)).status).toBe(201);
        tokens.push(await invitationToken(invitee.email));
      }
      const answers = await Promise.all(invitees.map((invitee, i) => accept(invitee, tokens[i]!)));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(409)]);
      expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.message))).toEqual(new Set([FIRM_MESSAGES.seatsTaken]));
      const firm = await details(firmId, owner);
      expect(firm.members).toHaveLength(6);
      expect(firm.seats).toEqual({ bought: 6, used: 6 });
      // a refused link still works once a seat is free
      const joinedIds = new Set(firm.members.map((m) => m.userId));
      const leaver = invitees.find((invitee) => joinedIds.has(invitee.id))!;
      const waiting = invitees.findIndex((invitee) => !joinedIds.has(invitee.id));
      expect((await request(url).delete(`/api/firms/${firmId}/members/${leaver.id}`).set(as(owner))).status).toBe(200);
      expect((await accept(invitees[waiting]!, tokens[waiting]!)).status).toBe(200);
    });

    it('when the owner passes ownership on, then the new owner has it and the old one stays as an admin who may leave', async () => {
      const owner = await register('owner');
      const partner = await register('partner');
      const firmId = await createFirm(owner);
      await billing.set(firmId, 2);
      await join(firmId, owner, partner);

      const cannotLeave = await request(url).delete(`/api/firms/${firmId}/members/${owner.id}`).set(as(owner));
      expect(cannotLeave.status).toBe(409);
      expect(cannotLeave.body.message).toBe(FIRM_MESSAGES.ownerCannotLeave);
      expect((await request(url).post(`/api/firms/${firmId}/transfer`).set(as(owner)).send({ userId: owner.id })).status).toBe(409);

      const passed = await request(url).post(`/api/firms/${firmId}/transfer`).set(as(owner)).send({ userId: partner.id });
      expect(passed.body).toEqual({ message: FIRM_MESSAGES.transferred('Ravi Kumar') });
      const firm = await details(firmId, partner);
      expect(firm.owner.userId).toBe(partner.id);
      expect(firm.members.map((m) => [m.userId, m.role])).toEqual([
        [owner.id, 'admin'],
        [partner.id, 'owner'],
      ]);
      expect((await request(url).post(`/api/firms/${firmId}/transfer`).set(as(owner)).send({ userId: owner.id })).status).toBe(403);
      const left = await request(url).delete(`/api/firms/${firmId}/members/${owner.id}`).set(as(owner));
      expect(left.body).toEqual({ message: FIRM_MESSAGES.left('Kumar & Associates') });
      expect((await details(firmId, partner)).seats).toEqual({ bought: 2, used: 1 });
    });

    it('when the owner deletes the firm, then a running paid period holds it back; after it, memberships and invitations go', async () => {
      const owner = await register('owner');
      const member = await register('member');
      const firmId = await createFirm(owner);
      await billing.set(firmId, 3, new Date('2027-03-31T18:30:00Z'));
      await join(firmId, owner, member);
      await invite(firmId, owner, 'pending@example.in');
      const pendingToken = await invitationToken('pending@example.in');

      const held = await request(url).delete(`/api/firms/${firmId}`).set(as(owner));
      expect(held.status).toBe(409);
      expect(held.body.message).toBe(FIRM_MESSAGES.paidPeriodRunning('1 Apr 2027'));
      expect((await request(url).delete(`/api/firms/${firmId}`).set(as(member))).status).toBe(403);

      await billing.set(firmId, 3, new Date(clock.now.getTime() - 1));
      const deleted = await request(url).delete(`/api/firms/${firmId}`).set(as(owner));
      expect(deleted.body).toEqual({ message: FIRM_MESSAGES.deleted });
      expect((await request(url).get('/api/firms').set(as(member))).body.firms).toEqual([]);
      expect((await request(url).get(`/api/firms/${firmId}`).set(as(owner))).status).toBe(404);
      expect((await request(url).get(`/api/firm-invitations/${pendingToken}`)).status).toBe(404);
    });

    it('when an account owning a firm with members is deleted, then it is refused with the reason until ownership passes', async () => {
      const asService = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
      const owner = await register('owner');
      const member = await register('member');
      const firmId = await createFirm(owner, 'Iyer Tax Chambers');
      await billing.set(firmId, 2);
      await join(firmId, owner, member);

      const refused = await request(url).delete(`/internal/users/${owner.id}`).set('Authorization', asService());
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(FIRM_MESSAGES.ownsFirmWithMembers('Iyer Tax Chambers'));
      expect((await request(url).get('/api/auth/profile').set(as(owner))).status).toBe(200);

      // a member's deletion frees their seat
      expect((await request(url).delete(`/internal/users/${member.id}`).set('Authorization', asService())).status).toBe(200);
      expect((await details(firmId, owner)).seats.used).toBe(1);
      // alone in it, the owner can go, and the firm with them
      expect((await request(url).delete(`/internal/users/${owner.id}`).set('Authorization', asService())).status).toBe(200);
      const someone = await register('someone');
      expect((await request(url).get(`/api/firms/${firmId}`).set(as(someone))).status).toBe(404);
    });
  });

  it('when a member signs the desktop app in for their firm, then its tokens name the firm, only a firm of theirs can be chosen, and removing them ends that session', async () => {
    const owner = await register('owner');
    const member = await register('member');
    const firmId = await createFirm(owner, 'Rao Tax Desk');
    const otherFirm = await createFirm(await register('other'), 'Elsewhere & Co');
    await billing.set(firmId, 2);
    await join(firmId, owner, member);
    const form = (body: Record<string, string>) =>
      request(url)
        .post(body.grant_type ? '/api/auth/device/token' : '/api/auth/device/code')
        .type('form')
        .send(body);
    const signIn = async (chosen: string | undefined) => {
      const started = (await form({ client_id: DESKTOP_CLIENT_ID, device_name: 'Desk 4' })).body as {
        device_code: string;
        user_code: string;
      };
      const decided = await request(url)
        .post('/api/auth/device/decision')
        .set(as(member))
        .send({ user_code: started.user_code, decision: 'approve', ...(chosen ? { firmId: chosen } : {}) });
      return { decided, started };
    };

    // a firm the person is not in: as if it did not exist, and the code stays open
    const refused = await signIn(otherFirm);
    expect(refused.decided.status).toBe(404);
    expect(refused.decided.body.message).toBe(FIRM_MESSAGES.notFound);

    const { decided, started } = await signIn(firmId);
    expect(decided.status).toBe(200);
    const tokens = (await form({ grant_type: DEVICE_GRANT_TYPE, device_code: started.device_code, client_id: DESKTOP_CLIENT_ID })).body;
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: member.id, aud: 'portal-desktop', firm: firmId });
    const rotated = (await form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: DESKTOP_CLIENT_ID })).body;
    expect(decodeJwt(rotated.access_token)).toMatchObject({ firm: firmId });
    // without a choice, the token names no firm: the person's own plan, else their firm's
    const own = await signIn(undefined);
    const ownTokens = (await form({ grant_type: DEVICE_GRANT_TYPE, device_code: own.started.device_code, client_id: DESKTOP_CLIENT_ID }))
      .body;
    expect(decodeJwt(ownTokens.access_token).firm).toBeUndefined();

    // removed from the firm: the session on its seat ends at once, the other stays
    expect((await request(url).delete(`/api/firms/${firmId}/members/${member.id}`).set(as(owner))).status).toBe(200);
    const me = (token: string) => request(url).get('/api/auth/desktop/me').set('Authorization', `Bearer ${token}`);
    expect((await me(rotated.access_token)).status).toBe(401);
    expect(
      (await form({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token, client_id: DESKTOP_CLIENT_ID })).body.error,
    ).toBe('invalid_grant');
    expect((await me(ownTokens.access_token)).status).toBe(200);
  });

  it('when people join a firm, then billing is told its whole state each time; admin-reporting reads a person’s firms, many people’s, and a page of firms', async () => {
    const asReporting = createServiceCredential('admin-reporting', TEST_SERVICE_SECRET);
    const owner = await register('owner');
    const member = await register('member');
    const outsider = await register('outsider');
    const firmId = await createFirm(owner, 'Desai & Desai');
    await billing.set(firmId, 3);
    await join(firmId, owner, member);
    const toBilling = (await queuedEvents<FirmMembersChangedEvent>(auth.redis, EVENT_QUEUES.billing, FIRM_EVENTS.membersChanged)).filter(
      (event) => event.firmId === firmId,
    );
    expect(toBilling.map((event) => event.members.length)).toEqual([1, 2]);
    expect(toBilling[1]!.revision).toBeGreaterThan(toBilling[0]!.revision);
    expect(toBilling[1]).toEqual({
      firmId,
      revision: expect.any(Number),
      deleted: false,
      name: 'Desai & Desai',
      managedBy: 'Ravi Kumar',
      members: [
        { userId: owner.id, role: 'owner', seat: 1 },
        { userId: member.id, role: 'member', seat: 2 },
      ],
    });
    const firmsOf = (person: Person) => request(url).get(`/internal/users/${person.id}/firms`).set('Authorization', asReporting());
    expect((await firmsOf(member)).body).toEqual({
      firms: [{ id: firmId, name: 'Desai & Desai', role: 'member', managedBy: 'Ravi Kumar', seat: 2 }],
    });
    expect((await firmsOf(outsider)).body).toEqual({ firms: [] });
    // the admin's users export: the firms of many people at once; people in no firm are left out
    const lookup = await request(url)
      .post('/internal/users/firms/lookup')
      .set('Authorization', asReporting())
      .send({ userIds: [member.id, outsider.id, 'not-an-id'] });
    expect(lookup.body).toEqual({ firms: { [member.id]: [{ id: firmId, name: 'Desai & Desai', role: 'member' }] } });
    // the admin's Firms tab: the newest firm first, with its people in seat order
    const newest = await request(url).get('/internal/firms?page=1&limit=1').set('Authorization', asReporting());
    expect(newest.body.firms).toEqual([
      {
        id: firmId,
        name: 'Desai & Desai',
        createdAt: expect.any(String),
        members: [
          { userId: owner.id, name: 'Ravi Kumar', email: owner.email, role: 'owner' },
          { userId: member.id, name: 'Ravi Kumar', email: member.email, role: 'member' },
        ],
      },
    ]);
    expect(newest.body.total).toBeGreaterThanOrEqual(1);
    expect((await request(url).get('/internal/firms?limit=500').set('Authorization', asReporting())).status).toBe(400);
    expect((await request(url).get(`/internal/users/${member.id}/firms`)).status).toBe(401);
    expect((await request(url).get('/internal/users/not-a-user/firms').set('Authorization', asReporting())).status).toBe(400);
  });

  /**
   * Every firm route against each kind of caller. A refusal changes nothing, so the refusals run
   * first on a shared firm; each allowed call runs on a firm of its own.
   */
  describe('who may do what', () => {
    type Actor = 'owner' | 'firm admin' | 'member' | 'outsider' | 'admin';
    interface World {
      firmId: string;
      people: Record<Exclude<Actor, 'admin'>, Person>;
      target: Person;
      invitationId: string;
    }
    async function world(): Promise<World> {
      const [owner, firmAdmin, member, outsider, target] = await Promise.all(
        ['owner', 'firmadmin', 'member', 'outsider', 'target'].map((name) => register(name)),
      );
      const firmId = await createFirm(owner!);
      await billing.set(firmId, 10);
      await join(firmId, owner!, firmAdmin!, 'admin');
      await join(firmId, owner!, member!);
      await join(firmId, owner!, target!);
      await invite(firmId, owner!, `invited.${++people}@example.in`);
      const invitationId = (await details(firmId, owner!)).invitations![0]!.id;
      return {
        firmId,
        people: { owner: owner!, 'firm admin': firmAdmin!, member: member!, outsider: outsider! },
        target: target!,
        invitationId,
      };
    }
    const tokenOf = (w: World, actor: Actor) => (actor === 'admin' ? adminToken : w.people[actor].token);

    const ROUTES: { name: string; call: (w: World, token: string) => request.Test; allowed: Partial<Record<Actor, number>> }[] = [
      {
        name: 'GET /api/firms/:firmId',
        call: (w, t) => request(url).get(`/api/firms/${w.firmId}`).set(as(t)),
        allowed: { owner: 200, 'firm admin': 200, member: 200 },
      },
      {
        name: 'PUT /api/firms/:firmId',
        call: (w, t) => request(url).put(`/api/firms/${w.firmId}`).set(as(t)).send({ name: 'Renamed' }),
        allowed: { owner: 200, 'firm admin': 200 },
      },
      {
        name: 'POST /api/firms/:firmId/invitations',
        call: (w, t) =>
          request(url)
            .post(`/api/firms/${w.firmId}/invitations`)
            .set(as(t))
            .send({ email: `new.${++people}@example.in` }),
        allowed: { owner: 201, 'firm admin': 201 },
      },
      {
        name: 'DELETE /api/firms/:firmId/invitations/:invitationId',
        call: (w, t) => request(url).delete(`/api/firms/${w.firmId}/invitations/${w.invitationId}`).set(as(t)),
        allowed: { owner: 200, 'firm admin': 200 },
      },
      {
        name: 'DELETE /api/firms/:firmId/members/:userId',
        call: (w, t) => request(url).delete(`/api/firms/${w.firmId}/members/${w.target.id}`).set(as(t)),
        allowed: { owner: 200, 'firm admin': 200 },
      },
      {
        name: 'PUT /api/firms/:firmId/members/:userId',
        call: (w, t) => request(url).put(`/api/firms/${w.firmId}/members/${w.target.id}`).set(as(t)).send({ role: 'admin' }),
        allowed: { owner: 200 },
      },
      {
        name: 'POST /api/firms/:firmId/transfer',
        call: (w, t) => request(url).post(`/api/firms/${w.firmId}/transfer`).set(as(t)).send({ userId: w.target.id }),
        allowed: { owner: 200 },
      },
      {
        name: 'DELETE /api/firms/:firmId',
        call: (w, t) => request(url).delete(`/api/firms/${w.firmId}`).set(as(t)),
        allowed: { owner: 200 },
      },
    ];
    const ACTORS: Actor[] = ['owner', 'firm admin', 'member', 'outsider', 'admin'];
    /** A firm's people refused for their role get 403; anyone outside it is told it does not exist; an admin token is not a user's. */
    const refusal = (actor: Actor) => (actor === 'outsider' ? 404 : actor === 'admin' ? 401 : 403);

    let shared: World;
    let before: FirmDetails;
    beforeAll(async () => {
      shared = await world();
      before = await details(shared.firmId, shared.people.owner);
    }, 60_000);

    for (const route of ROUTES) {
      for (const actor of ACTORS.filter((a) => !(a in route.allowed))) {
        it(`${route.name} as ${actor}: ${refusal(actor)}, nothing changes`, async () => {
          const answer = await route.call(shared, tokenOf(shared, actor));
          expect(answer.status).toBe(refusal(actor));
          expect(await details(shared.firmId, shared.people.owner)).toEqual(before);
        });
      }
      for (const [actor, status] of Object.entries(route.allowed) as [Actor, number][]) {
        it(`${route.name} as ${actor}: ${status}`, async () => {
          const own = await world();
          const answer = await route.call(own, tokenOf(own, actor));
          expect(answer.status).toBe(status);
        }, 30_000);
      }
    }

    it('a member sees the firm and its people, not its invitations', async () => {
      const seen = await details(shared.firmId, shared.people.member);
      expect(seen.role).toBe('member');
      expect(seen.members).toHaveLength(4);
      expect(seen).not.toHaveProperty('invitations');
    });

    it('a firm admin cannot remove another admin; the owner cannot be removed', async () => {
      const own = await world();
      await request(url).put(`/api/firms/${own.firmId}/members/${own.target.id}`).set(as(own.people.owner)).send({ role: 'admin' });
      const admin = own.people['firm admin'];
      const otherAdmin = await request(url).delete(`/api/firms/${own.firmId}/members/${own.target.id}`).set(as(admin));
      expect(otherAdmin.status).toBe(403);
      expect(otherAdmin.body.message).toBe(FIRM_MESSAGES.ownerOnly);
      const theOwner = await request(url).delete(`/api/firms/${own.firmId}/members/${own.people.owner.id}`).set(as(admin));
      expect(theOwner.status).toBe(403);
      expect(theOwner.body.message).toBe(FIRM_MESSAGES.ownerCannotBeRemoved);
      expect((await details(own.firmId, own.people.owner)).members).toHaveLength(4);
    }, 30_000);
  });
});
