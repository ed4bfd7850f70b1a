import request from 'supertest';
import { ADMIN_ACCESS_MESSAGES, AUDIT_RECORDED, EVENT_QUEUES, type AdminRole, type AuditEvent } from '@portal/contracts';
import { queuedEvents } from '@portal/platform/testing';
import { startAuth, type AuthHarness } from './auth-harness';
import { enrolAdmin, passwordStep } from './admin-sign-in';

describe('the admins: owners invite with a role, change roles, remove, and the portal keeps an owner', () => {
  let auth: AuthHarness;
  const clock = { now: new Date('2026-11-26T10:00:00Z') };
  const OWNER = { email: 'root@portal.test', password: 'first-admin-pass' };
  let owner: string;
  beforeAll(async () => {
    auth = await startAuth('admin-team', {}, clock);
    await auth.adminAccounts.bootstrapFirstAdmin(OWNER.email, OWNER.password);
    owner = (await enrolAdmin(auth.app, OWNER.email, OWNER.password, clock.now)).token;
  });
  afterAll(() => auth.close());

  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const admins = () => auth.db.connection.collection('admins');
  const invitationToken = async (email: string) => {
    const mail = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes(email));
    return /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
  };
  /** Invites, accepts with a password and enrols: an admin of the role with a token. */
  async function joined(email: string, role: AdminRole) {
    await request(auth.app).post('/api/admin/admins').set(as(owner)).send({ email, role }).expect(201);
    const token = await invitationToken(email);
    await request(auth.app).post('/api/admin/invitations/accept').send({ token, password: 'their-own-pass1' }).expect(200);
    const enrolled = await enrolAdmin(auth.app, email, 'their-own-pass1', clock.now);
    const id = (await admins().findOne({ email }))!._id.toString();
    return { ...enrolled, id };
  }

  it('when an owner invites a finance admin, then 201, an e-mail with the link, and the admin is listed as invited until the password is set', async () => {
    const invited = await request(auth.app)
      .post('/api/admin/admins')
      .set(as(owner))
      .send({ email: 'Accounts@Portal.test', role: 'finance' });
    expect(invited.status).toBe(201);
    expect(invited.body.message).toBe('An invitation was sent to accounts@portal.test.');
    const mail = await auth.smtp.waitForMail((m) => JSON.stringify(m.to).includes('accounts@portal.test'));
    expect(mail.subject).toBe('root@portal.test invited you to administer the Tax Practitioner Portal');
    expect(mail.text).toContain('as Finance');
    expect(mail.text).toContain('http://portal.test/admin/invitation?token=');
    const listed = (await request(auth.app).get('/api/admin/admins').set(as(owner)).expect(200)).body.admins;
    expect(
      listed.map((admin: { email: string; role: string; state: string; secondFactor: boolean }) => [
        admin.email,
        admin.role,
        admin.state,
        admin.secondFactor,
      ]),
    ).toEqual([
      ['root@portal.test', 'owner', 'active', true],
      ['accounts@portal.test', 'finance', 'invited', false],
    ]);
    expect((await passwordStep(auth.app, 'accounts@portal.test', 'anything-at-all')).status).toBe(401);
    const again = await request(auth.app).post('/api/admin/admins').set(as(owner)).send({ email: 'accounts@portal.test', role: 'support' });
    expect(again.status).toBe(409);
  });

  it('when the invitee sets a password with the link, then once only, and the first sign-in asks them to enrol a second factor', async () => {
    const token = await invitationToken('accounts@portal.test');
    const bad = await request(auth.app)
      .post('/api/admin/invitations/accept')
      .send({ token: 'x'.repeat(43), password: 'their-own-pass1' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ADMIN_ACCESS_MESSAGES.invitationInvalid);
    const accepted = await request(auth.app).post('/api/admin/invitations/accept').send({ token, password: 'their-own-pass1' });
    expect(accepted.body).toEqual({ message: 'Your admin account is ready. Sign in to set up your authenticator.' });
    expect((await request(auth.app).post('/api/admin/invitations/accept').send({ token, password: 'another-pass-2' })).status).toBe(400);
    expect((await passwordStep(auth.app, 'accounts@portal.test', 'their-own-pass1')).body.secondFactor).toBe('enrol');
  });

  it('when an invitation is older than seven days, then its link no longer sets a password', async () => {
    await request(auth.app).post('/api/admin/admins').set(as(owner)).send({ email: 'late@portal.test', role: 'support' }).expect(201);
    const token = await invitationToken('late@portal.test');
    const started = clock.now;
    clock.now = new Date(started.getTime() + 7 * 24 * 3600_000 + 1000);
    try {
      expect((await request(auth.app).post('/api/admin/invitations/accept').send({ token, password: 'their-own-pass1' })).status).toBe(400);
    } finally {
      clock.now = started;
    }
  });

  it('when anyone but an owner manages the admins, then 403; a bad body or id is 400 and changes nothing', async () => {
    const support = await joined('helpdesk@portal.test', 'support');
    for (const call of [
      request(auth.app).get('/api/admin/admins'),
      request(auth.app).post('/api/admin/admins').send({ email: 'x@portal.test', role: 'owner' }),
      request(auth.app).put(`/api/admin/admins/${support.id}/role`).send({ role: 'owner' }),
      request(auth.app).delete(`/api/admin/admins/${support.id}`),
    ]) {
      const refused = await call.set(as(support.token));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Your admin role does not allow this.');
    }
    expect(
      (await request(auth.app).post('/api/admin/admins').set(as(owner)).send({ email: 'y@portal.test', role: 'superuser' })).status,
    ).toBe(400);
    expect((await request(auth.app).put('/api/admin/admins/not-an-id/role').set(as(owner)).send({ role: 'owner' })).status).toBe(400);
    expect(
      (
        await request(auth.app)
          .put(`/api/admin/admins/${support.id}/role`)
          .set(as(owner))
          .send({ role: { $ne: 1 } })
      ).status,
    ).toBe(400);
    expect((await admins().findOne({ email: 'helpdesk@portal.test' }))?.role).toBe('support');
  });

  it('when an owner changes an admin’s role, then it is stored, audited, and the admin’s old token stops at once', async () => {
    const changing = await joined('switch@portal.test', 'read-only');
    expect((await request(auth.app).get('/api/admin/users').set(as(changing.token))).status).not.toBe(401);
    const changed = await request(auth.app).put(`/api/admin/admins/${changing.id}/role`).set(as(owner)).send({ role: 'finance' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Role changed.', admin: { email: 'switch@portal.test', role: 'finance' } });
    expect((await admins().findOne({ email: 'switch@portal.test' }))?.role).toBe('finance');
    const audited = await queuedEvents<AuditEvent>(auth.redis, EVENT_QUEUES.auditLog, AUDIT_RECORDED);
    expect(audited.find((event) => event.action === 'admin.role-changed')).toMatchObject({
      actor: OWNER.email,
      target: { type: 'admin', id: changing.id, label: 'switch@portal.test' },
      before: { role: 'read-only' },
      after: { role: 'finance' },
    });
    expect((await request(auth.app).post('/api/admin/logout').set(as(changing.token))).status).toBe(401);
  });

  it('when an owner would change or remove themselves, or the last owner, then refused and nothing changes', async () => {
    const ownId = (await admins().findOne({ email: OWNER.email }))!._id.toString();
    const self = await request(auth.app).put(`/api/admin/admins/${ownId}/role`).set(as(owner)).send({ role: 'read-only' });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(ADMIN_ACCESS_MESSAGES.notYourself);
    expect((await request(auth.app).delete(`/api/admin/admins/${ownId}`).set(as(owner))).status).toBe(403);

    const second = await joined('partner@portal.test', 'owner');
    const [first, other] = await Promise.all([
      request(auth.app).put(`/api/admin/admins/${second.id}/role`).set(as(owner)).send({ role: 'read-only' }),
      request(auth.app).put(`/api/admin/admins/${ownId}/role`).set(as(second.token)).send({ role: 'read-only' }),
    ]);
    expect([first.status, other.status].sort()).toEqual([200, 409]);
    expect([first, other].find((answer) => answer.status === 409)?.body.message).toBe(ADMIN_ACCESS_MESSAGES.lastOwner);
    expect(await admins().countDocuments({ role: 'owner' })).toBe(1);
  });

  it('when an owner removes an admin, then the admin is gone and their token stops at once; a lost phone is reset by an owner', async () => {
    const leaving = await joined('leaving@portal.test', 'support');
    const removed = await request(auth.app).delete(`/api/admin/admins/${leaving.id}`).set(as(owner));
    expect(removed.body).toEqual({ message: 'Admin removed.' });
    expect(await admins().countDocuments({ email: 'leaving@portal.test' })).toBe(0);
    expect((await request(auth.app).post('/api/admin/logout').set(as(leaving.token))).status).toBe(401);
    expect((await request(auth.app).delete(`/api/admin/admins/${leaving.id}`).set(as(owner))).status).toBe(404);

    const lostPhone = await joined('lostphone@portal.test', 'finance');
    const reset = await request(auth.app).delete(`/api/admin/admins/${lostPhone.id}/second-factor`).set(as(owner));
    expect(reset.body.message).toBe(ADMIN_ACCESS_MESSAGES.secondFactorReset);
    expect((await request(auth.app).post('/api/admin/logout').set(as(lostPhone.token))).status).toBe(401);
    expect((await passwordStep(auth.app, 'lostphone@portal.test', 'their-own-pass1')).body.secondFactor).toBe('enrol');
  });
});
