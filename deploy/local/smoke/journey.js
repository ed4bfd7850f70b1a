'use strict';
// The README's path, as a newcomer walks it: a fresh copy of the project in a folder whose path
// holds a dot-folder, `npm start` with the first admin set in the environment, then a visitor who
// becomes a paying customer and an admin who sees them, all over HTTP; then a stop and a restart
// that keeps the data. Run by `npm run smoke` (deploy/local/smoke.js), one step a test, in order.
const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { after, test } = require('node:test');
const { freshCopy } = require('./fresh-copy');
const { startPortal } = require('./portal-process');
const { waitFor } = require('../lib/net');
const { signInAdmin } = require('../lib/admin-sign-in');
const { expectStatus, portalClient } = require('../lib/portal-client');

const ADMIN = { email: 'owner@smoke.test', password: `smoke-${crypto.randomBytes(6).toString('hex')}` };
const BUYER = { firstName: 'Smoke', email: `buyer-${Date.now()}@smoke.test`, password: 'buyer-secret-1' };
const FEEDBACK = `Smoke feedback ${crypto.randomBytes(4).toString('hex')}`;
const MINUTE = 60_000;

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-smoke-'));
// The dot-folder is the point: `.data` under a project is one, and paths with one once broke downloads.
const projectDir = path.join(workDir, '.newcomer', 'tax-portal');
const redisPrefix = `smoke:${path.basename(workDir)}:`;
let portal;
let url;
const state = {};

const call = (method, route, options) => {
  assert.ok(url, 'the portal is not running');
  return portalClient(url).call(method, route, options);
};

async function start() {
  portal = await startPortal(projectDir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    REDIS_PREFIX: redisPrefix,
  });
  url = portal.url;
}

/** npm itself ends by the signal; what counts is that the portal stopped cleanly, all of it. */
async function stopPortal() {
  const exit = await portal.stop();
  assert.ok(exit.code === 0 || exit.signal === 'SIGTERM', `npm start ended with ${JSON.stringify(exit)}`);
  assert.deepEqual(portal.survivors(), [], 'processes left running after the stop');
  assert.match(portal.output(), /Stopping the portal…/);
  assert.doesNotMatch(portal.output(), /stopped unexpectedly|Could not start the portal/);
}

after(async () => {
  await portal?.stop().catch(() => undefined);
  await portal?.removeRedisKeys(redisPrefix).catch((error) => console.error(`could not remove the smoke's Redis keys: ${error.message}`));
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('a fresh copy of the project holds no node_modules, .data or dist', () => {
  freshCopy(projectDir);
  for (const absent of ['node_modules', '.data', 'dist', 'frontends/dist', '.tools']) {
    assert.equal(fs.existsSync(path.join(projectDir, absent)), false, `${absent} must not be in the fresh copy`);
  }
  assert.ok(fs.existsSync(path.join(projectDir, 'package-lock.json')));
});

test('npm start installs, builds and brings the portal up with the admin from the environment', { timeout: 12 * MINUTE }, async () => {
  await start();
  const health = await call('GET', '/health');
  expectStatus(health, 200, 'GET /health');
  assert.equal(health.body.status, 'ok');
  assert.doesNotMatch(portal.output(), /Unknown project config/, 'npm warns about the project .npmrc');
  assert.match(portal.output(), /Published a placeholder installer as release 1\.0\.0/);
});

test('a visitor signs up, accepting the policies in force, starts the trial and may download', async () => {
  // the fresh copy's own contracts, built by its npm start: the versions its sign-up form offers
  const { currentPolicyVersions } = require(path.join(projectDir, 'services', 'contracts', 'dist'));
  const registered = await call('POST', '/api/auth/register', { body: { ...BUYER, acceptedPolicies: currentPolicyVersions() } });
  expectStatus(registered, 201, 'register');
  state.token = registered.body.token;
  state.userId = registered.body.user._id;
  expectStatus(await call('POST', '/api/start-trial', { token: state.token }), 200, 'start trial');
  const eligibility = await call('GET', '/api/download/check-eligibility', { token: state.token });
  expectStatus(eligibility, 200, 'eligibility');
  assert.equal(eligibility.body.canDownload, true);
  assert.equal(eligibility.body.subscriptionStatus, 'trial');
  assert.equal(eligibility.body.daysRemaining, 30);
});

test('the signed installer link downloads the whole file, and a ranged request resumes it', async () => {
  const latest = await call('GET', '/api/download/latest-version');
  expectStatus(latest, 200, 'latest version');
  const link = await call('GET', `/api/download/app/${latest.body.version}`, { token: state.token });
  expectStatus(link, 200, 'download link');
  const file = await call('GET', link.body.downloadUrl);
  expectStatus(file, 200, 'installer');
  assert.match(file.headers.get('content-disposition'), /attachment; filename="TaxPractitioner-Setup-1\.0\.0\.exe"/);
  assert.equal(file.body.length, latest.body.fileSize);
  state.sha256 = crypto.createHash('sha256').update(file.body).digest('hex');
  assert.equal(file.headers.get('etag'), `"${state.sha256}"`);

  const half = Math.floor(file.body.length / 2);
  const rest = await call('GET', link.body.downloadUrl, { headers: { range: `bytes=${half}-` } });
  expectStatus(rest, 206, 'ranged installer');
  assert.equal(rest.headers.get('content-range'), `bytes ${half}-${file.body.length - 1}/${file.body.length}`);
  assert.ok(Buffer.concat([file.body.subarray(0, half), rest.body]).equals(file.body), 'the resumed bytes complete the file');
});

test('the visitor gives billing details, buys a plan through the PhonePe stand-in and becomes active', async () => {
  // as the subscription page asks first: the documents of a buyer without a GSTIN show the address (CGST Rules 46, 53)
  const details = await call('PUT', '/api/billing/profile', {
    token: state.token,
    body: { legalName: 'Smoke Test Practice', street: '12 MG Road', city: 'Pune', pincode: '411001', stateCode: '27' },
  });
  expectStatus(details, 200, 'billing details');
  const order = await call('POST', '/api/payment/create-phonepe-order', {
    token: state.token,
    body: { plan: 'professional', billingPeriod: 'monthly' },
  });
  expectStatus(order, 201, 'create order');
  assert.equal(order.body.success, true);
  const checkout = await fetch(order.body.paymentUrl);
  assert.match(await checkout.text(), /Pay/);
  const paid = await fetch(order.body.paymentUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    redirect: 'manual',
  });
  assert.equal(paid.status, 303);
  const back = await fetch(paid.headers.get('location'), { redirect: 'manual' });
  assert.equal(back.headers.get('location'), '/subscription?status=success');
  const status = await call('GET', '/api/subscription-status', { token: state.token });
  expectStatus(status, 200, 'status');
  assert.equal(status.body.subscriptionStatus, 'active');
  assert.equal(status.body.subscriptionPlan, 'professional');
});

test('the buyer upgrades to Business (monthly) and is charged its price less the unused Professional value', async () => {
  const quote = await call('GET', '/api/subscription/change?plan=business&billingPeriod=monthly', { token: state.token });
  expectStatus(quote, 200, 'plan change quote');
  assert.equal(quote.body.kind, 'upgrade');
  // bought during the trial, whose days left come first: none of the paid month is used yet
  assert.equal(quote.body.credit, 1000);
  assert.equal(quote.body.amountDue, 2000 - 1000);
  const order = await call('POST', '/api/payment/create-phonepe-order', {
    token: state.token,
    body: { plan: 'business', billingPeriod: 'monthly' },
  });
  expectStatus(order, 201, 'upgrade order');
  assert.match(await (await fetch(order.body.paymentUrl)).text(), /Pay ₹1,000\.00/);
  const paid = await fetch(order.body.paymentUrl, {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'success' }),
    redirect: 'manual',
  });
  await fetch(paid.headers.get('location'), { redirect: 'manual' });
  const status = await call('GET', '/api/subscription-status', { token: state.token });
  assert.equal(status.body.subscriptionPlan, 'business');
  const history = await call('GET', '/api/billing/history', { token: state.token });
  const upgrade = history.body.payments.find((payment) => payment.merchantOrderId === order.body.merchantOrderId);
  assert.equal(upgrade.amount, 1000);
  assert.equal(upgrade.creditApplied, 1000);
  assert.equal(
    history.body.payments.find((payment) => payment.plan === 'professional').credits.length,
    1,
    'a credit note for the Professional month',
  );
});

test('the visitor submits feedback', async () => {
  const sent = await call('POST', '/api/feedback', {
    token: state.token,
    body: { type: 'suggestion', component: 'general', message: FEEDBACK },
  });
  expectStatus(sent, 201, 'feedback');
});

test('the admin from the environment signs in, enrolling an authenticator the first time, and sees the buyer, the payment and the release', async () => {
  const password = await call('POST', '/api/admin/login', { body: ADMIN });
  expectStatus(password, 200, 'admin password');
  assert.equal(password.body.secondFactor, 'enrol', 'the first sign-in sets up the authenticator');
  assert.equal(password.body.token, undefined, 'no admin token before the second factor');
  const signedIn = await signInAdmin(url, ADMIN);
  assert.equal(signedIn.recoveryCodes.length, 10);
  assert.equal(signedIn.user.role, 'owner');
  state.admin = signedIn.token;
  const users = await call('GET', `/api/admin/users?search=${encodeURIComponent(BUYER.email)}`, { token: state.admin });
  expectStatus(users, 200, 'admin users');
  const buyer = users.body.users.find((user) => user.email === BUYER.email);
  assert.ok(buyer, 'the buyer is listed');
  assert.equal(buyer.subscriptionStatus, 'active');
  const transactions = await call('GET', '/api/admin/transactions', { token: state.admin });
  expectStatus(transactions, 200, 'admin transactions');
  const payment = transactions.body.transactions.find((row) => row.userEmail === BUYER.email);
  assert.equal(payment?.status, 'completed');
  const releases = await call('GET', '/api/admin/releases', { token: state.admin });
  assert.equal(releases.body.releases.find((release) => release.version === '1.0.0')?.sha256, state.sha256);
});

test('the admin exports users, transactions and feedback as CSV', async () => {
  const expected = { users: BUYER.email, transactions: BUYER.email, feedback: FEEDBACK };
  for (const [kind, text] of Object.entries(expected)) {
    const csv = await call('GET', `/api/admin/export/${kind}`, { token: state.admin });
    expectStatus(csv, 200, `export ${kind}`);
    assert.match(csv.headers.get('content-type'), /text\/csv/);
    assert.match(csv.headers.get('content-disposition'), new RegExp(`${kind}_\\d{4}-\\d{2}-\\d{2}\\.csv`));
    assert.ok(csv.body.toString('utf8').includes(text), `the ${kind} export holds ${text}`);
  }
});

test('the buyer resets a forgotten password from the e-mail in the local inbox', async () => {
  const inbox = /arrive in the local inbox: (http:\/\/localhost:\d+)/.exec(portal.output())?.[1];
  assert.ok(inbox, 'the start banner names the inbox');
  expectStatus(await call('POST', '/api/auth/forgot-password', { body: { email: BUYER.email } }), 200, 'forgot password');
  const query = encodeURIComponent(`to:"${BUYER.email}" subject:"Reset your"`);
  const found = await waitFor(
    async () => {
      const search = await (await fetch(`${inbox}/api/v1/search?query=${query}`)).json();
      return search.messages?.[0];
    },
    { what: 'the reset e-mail in Mailpit', timeoutMs: 15_000 },
  );
  const message = await (await fetch(`${inbox}/api/v1/message/${found.ID}`)).json();
  const link = /(http\S+\/reset-password\?token=[\w-]+)/.exec(message.Text)?.[1];
  assert.ok(link, `a reset link in the e-mail:\n${message.Text}`);
  const page = await fetch(link.replace(/^http:\/\/localhost:\d+/, url));
  assert.equal(page.status, 200, 'the link opens the portal');
  BUYER.password = 'buyer-secret-2';
  const token = new URL(link).searchParams.get('token');
  expectStatus(await call('POST', '/api/auth/reset-password', { body: { token, newPassword: BUYER.password } }), 200, 'reset');
  expectStatus(await call('POST', '/api/auth/login', { body: { email: BUYER.email, password: BUYER.password } }), 200, 'login');
});

test('SIGTERM stops every process of the portal, and the data folder keeps the data', { timeout: MINUTE }, async () => {
  await stopPortal();
  const data = path.join(projectDir, '.data');
  assert.ok(
    fs.readdirSync(path.join(data, 'ferretdb', 'sqlite')).some((name) => name.endsWith('.sqlite')),
    'FerretDB files',
  );
  assert.ok(fs.existsSync(path.join(data, 'releases', 'TaxPractitioner-Setup-1.0.0.exe')), 'the installer');
});

test('after a restart the buyer signs in and is still active', { timeout: 5 * MINUTE }, async () => {
  await start();
  const login = await call('POST', '/api/auth/login', { body: { email: BUYER.email, password: BUYER.password } });
  expectStatus(login, 200, 'login after restart');
  const status = await call('GET', '/api/subscription-status', { token: login.body.token });
  assert.equal(status.body.subscriptionStatus, 'active');
  assert.equal(status.body.subscriptionPlan, 'business');
  await stopPortal();
});
