import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createServiceCredential } from '@portal/platform';
import { generateTestKeys, testEnvironment } from '@portal/platform/testing';
import { currentPolicyVersions } from '@portal/contracts';
import { signInAdmin } from '../lib/admin-sign-in';
import { freePort } from '../lib/net';
import { paymentSettings } from '../lib/payment-stand-in';
import { startStack, SERVICES } from '../lib/stack';

describe('the whole stack as npm start runs it', () => {
  const databasePrefix = `t_stack_${randomBytes(3).toString('hex')}_`;
  const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'stack-releases-'));
  let stack: Awaited<ReturnType<typeof startStack>>;
  let payments: Awaited<ReturnType<typeof paymentSettings>>;
  const serviceSecret = randomBytes(32).toString('hex');
  let payer: { token: string; userId: string } | undefined;
  const supervisorLog: string[] = [];

  beforeAll(async () => {
    const { mongoUri, redisUrl, redisPrefix } = testEnvironment();
    const keys = generateTestKeys();
    const gatewayPort = await freePort();
    payments = await paymentSettings({}, `http://127.0.0.1:${gatewayPort}`);
    stack = await startStack({
      gatewayPort,
      env: {
        ...process.env,
        MONGODB_URI: mongoUri,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `${redisPrefix}stack:`,
        JWT_PUBLIC_KEY: keys.publicKey,
        JWT_PRIVATE_KEY: keys.privateKey,
        SERVICE_SECRET: serviceSecret,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: 'root@portal.test',
        ADMIN_PASSWORD: 'root-password-1',
        OUTBOX_EVERY_MS: '500',
        RELEASES_DIR: releasesDir,
        ...payments.env,
        PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      },
      freePorts: true,
      databasePrefix,
      quiet: true,
      log: (line) => supervisorLog.push(line),
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await payments?.stop();
    rmSync(releasesDir, { recursive: true, force: true });
    const connection = await mongoose.createConnection(testEnvironment().mongoUri).asPromise();
    for (const service of SERVICES) await connection.useDb(`${databasePrefix}${service.name.replace('-', '_')}`).dropDatabase();
    await connection.close();
  });

  it('when every service is up, then the gateway reports all five healthy', async () => {
    const response = await fetch(`${stack.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      services: { auth: 'ok', billing: 'ok', download: 'ok', feedback: 'ok', 'admin-reporting': 'ok', notifications: 'ok', partners: 'ok' },
    });
  });

  it('when a service is asked through the gateway for a route it does not have yet, then its own 404 body comes back with the request id', async () => {
    const response = await fetch(`${stack.url}/api/payment/nothing-here`, { headers: { 'x-request-id': 'smoke-1' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'No route for GET /api/payment/nothing-here',
      requestId: 'smoke-1',
    });
  });

  it('when a visitor registers through the gateway, then the token opens the profile until logout revokes it', async () => {
    const post = (path: string, body: object, token?: string) =>
      fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const registered = await post('/api/auth/register', {
      firstName: 'Stack',
      email: 'stack@example.in',
      password: 'secret12',
      acceptedPolicies: currentPolicyVersions(),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    const profile = await fetch(`${stack.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { user: { email: string } }).user.email).toBe('stack@example.in');
    expect((await post('/api/auth/logout', {}, token)).status).toBe(200);
    expect((await fetch(`${stack.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('when a user starts the trial and then pays on PhonePe, then the webhook through the gateway makes the plan active', async () => {
    const json = { 'content-type': 'application/json' };
    const registered = await fetch(`${stack.url}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        firstName: 'Payer',
        email: 'payer@example.in',
        password: 'secret12',
        acceptedPolicies: currentPolicyVersions(),
      }),
    });
    const { token, user } = (await registered.json()) as { token: string; user: { _id: string } };
    payer = { token, userId: user._id };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${stack.url}/api/start-trial`, { method: 'POST', headers: auth })).status).toBe(200);
    const status = async () =>
      (await (await fetch(`${stack.url}/api/subscription-status`, { headers: auth })).json()) as Record<string, unknown>;
    expect(await status()).toMatchObject({ subscriptionStatus: 'trial', firstName: 'Payer', email: 'payer@example.in', daysRemaining: 30 });

    const order = await fetch(`${stack.url}/api/payment/create-phonepe-order`, {
      method: 'POST',
      headers: { ...json, ...auth },
      body: JSON.stringify({ plan: 'professional', billingPeriod: 'monthly' }),
    });
    expect(order.status).toBe(201);
    const { paymentUrl } = (await order.json()) as { paymentUrl: string };
    const paid = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'success' }), redirect: 'manual' });
    expect(paid.headers.get('location')).toMatch(/\/api\/payment\/phonepe\/return\?order=TPP-/);
    const back = await fetch(paid.headers.get('location')!, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('/subscription?status=success');
    expect(await status()).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      billingPeriod: 'monthly',
      canDownload: true,
    });
  });

  it('when the admin deletes a user with a profile, a paid plan, downloads and feedback, then every service forgets them and the payment stays anonymised', async () => {
    if (!payer) throw new Error('the payment test must run first');
    const json = { 'content-type': 'application/json' };
    const user = { authorization: `Bearer ${payer.token}` };
    const { token } = await signInAdmin(stack.url, { email: 'root@portal.test', password: 'root-password-1' });
    const admin = { authorization: `Bearer ${token}` };

    const form = new FormData();
    form.set('version', '2.1.0');
    form.set('file', new Blob([Buffer.alloc(4096, 7)]), 'setup.exe');
    expect((await fetch(`${stack.url}/api/admin/releases`, { method: 'POST', headers: admin, body: form })).status).toBe(201);
    const { downloadUrl } = (await (await fetch(`${stack.url}/api/download/app/2.1.0`, { headers: user })).json()) as {
      downloadUrl: string;
    };
    const file = await fetch(`${stack.url}${downloadUrl}`);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="TaxPractitioner-Setup-2.1.0.exe"');
    expect((await file.arrayBuffer()).byteLength).toBe(4096);
    const feedback = await fetch(`${stack.url}/api/feedback`, {
      method: 'POST',
      headers: { ...json, ...user },
      body: JSON.stringify({ type: 'bug', component: 'turnover', message: 'Please delete me too' }),
    });
    expect(feedback.status).toBe(201);

    const details = (await (await fetch(`${stack.url}/api/admin/users/${payer.userId}/details`, { headers: admin })).json()) as {
      user: Record<string, unknown>;
    };
    expect(details.user).toMatchObject({
      email: 'payer@example.in',
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      totalDownloads: 1,
    });

    const deleted = await fetch(`${stack.url}/api/admin/users/${payer.userId}`, { method: 'DELETE', headers: admin });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { message: string }).message).toBe('User payer@example.in has been deleted successfully.');

    const signIn = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'payer@example.in', password: 'secret12' }),
    });
    expect(signIn.status).toBe(401);
    expect((await fetch(`${stack.url}/api/subscription-status`, { headers: user })).status).toBe(401);
    expect((await fetch(`${stack.url}/api/admin/users/${payer.userId}/details`, { headers: admin })).status).toBe(404);

    const internal = { authorization: createServiceCredential('admin-reporting', serviceSecret)(), ...json };
    const gone = async () => {
      const [subscription, downloads, items] = await Promise.all([
        fetch(`http://127.0.0.1:${stack.ports.billing}/internal/subscriptions/${payer!.userId}`, { headers: internal }).then((r) =>
          r.json(),
        ),
        fetch(`http://127.0.0.1:${stack.ports.download}/internal/downloads/summary`, {
          method: 'POST',
          headers: internal,
          body: JSON.stringify({ userIds: [payer!.userId] }),
        }).then((r) => r.json()),
        fetch(`${stack.url}/api/admin/feedback`, { headers: admin }).then((r) => r.json()),
      ]);
      return (
        (subscription as { subscription: { subscriptionStatus: string } }).subscription.subscriptionStatus === 'none' &&
        (downloads as { summaries: { totalDownloads: number }[] }).summaries[0]!.totalDownloads === 0 &&
        !(items as { feedback: { message: string }[] }).feedback.some((item) => item.message === 'Please delete me too')
      );
    };
    for (let i = 0; i < 100 && !(await gone()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await gone()).toBe(true);
    const transactions = (await (await fetch(`${stack.url}/api/admin/transactions`, { headers: admin })).json()) as {
      transactions: { userEmail: string; status: string }[];
    };
    expect(transactions.transactions.filter((row) => row.status === 'completed').map((row) => row.userEmail)).toEqual(['deleted-user']);
    const audit = (await (await fetch(`${stack.url}/api/admin/audit`, { headers: admin })).json()) as { entries: { action: string }[] };
    expect(audit.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.deleted', 'release.published']));
  });

  it('when a service is killed, then its paths answer 503 at once, the others keep answering, and it is restarted', async () => {
    const download = stack.processes.find((proc) => proc.name === 'download')!;
    const killed = download.child.pid;
    download.child.kill('SIGKILL');
    await download.exited;
    const startedAt = Date.now();
    const answer = await fetch(`${stack.url}/api/download/latest-version`, { headers: { Accept: 'application/json' } });
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ error: 'service_unavailable', message: 'The download service is unavailable' });
    expect((await fetch(`${stack.url}/api/payment/plans`)).status).toBe(200);
    let back = false;
    for (let i = 0; i < 100 && !back; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = (await fetch(`${stack.url}/api/download/latest-version`)).status !== 503;
    }
    expect(back).toBe(true);
    expect(download.restarts).toBe(1);
    expect(supervisorLog).toEqual([
      expect.stringMatching(/^download stopped unexpectedly \(killed by SIGKILL\); restarting it in 0.5 s/),
      expect.stringMatching(/^download restarted \(restart 1, pid \d+\)\.$/),
    ]);
    expect(download.child.pid).not.toBe(killed);
  });

  it('when a service stops, then the gateway answers 503 for its paths and /health names it down', async () => {
    const feedback = stack.processes.find((proc) => proc.name === 'feedback');
    await feedback?.stop();
    const health = await fetch(`${stack.url}/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { services: Record<string, string> }).services.feedback).toBe('down');
  });
});
