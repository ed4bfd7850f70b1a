'use strict';
// `npm run screenshots`: every screen of the portal at a laptop's and a phone's size, into
// screenshots/ (git-ignored), so a reviewer can look at the whole portal in a minute. It runs the
// portal on throwaway data, fills it through the API as real use would (sign-ups, a trial, paid
// plans through the PhonePe stand-in, feedback) and opens each screen in Debian's Chromium.
if (require('./lib/node-runtime').relaunchOnSupportedNode()) return;
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, DATA_DIR } = require('./lib/paths');
const { ensureDependencies, build } = require('./lib/setup');
const { step } = require('./lib/progress');
const { signInAdmin } = require('./lib/admin-sign-in');

const OUT_DIR = path.join(ROOT, 'screenshots');
const VIEWPORTS = [
  { name: 'laptop-1366x900', width: 1366, height: 900 },
  { name: 'phone-390x844', width: 390, height: 844 },
];
const ADMIN = { email: 'owner@portal.example', password: 'screens-admin-1' };
const PASSWORD = 'screens-secret-1';
const PEOPLE = [
  ['Meera', 'Iyer', 'meera.iyer.chartered.accountants@example.in', 'Chennai', 'Tamil Nadu', 'professional'],
  ['Arjun', 'Mehta', 'arjun.mehta@example.in', 'Mumbai', 'Maharashtra', 'basic'],
  ['Kavya', 'Reddy', 'kavya@reddyassociates.example.in', 'Hyderabad', 'Telangana', 'business'],
  ['Rohan', 'Gupta', 'rohan.gupta@example.in', 'Delhi', 'Delhi', 'trial'],
  ['Sana', 'Khan', 'sana.khan@example.in', 'Lucknow', 'Uttar Pradesh', 'trial'],
  ['Vikram', 'Nair', 'vikram.nair@example.in', 'Kochi', 'Kerala', null],
];

function client(url) {
  return async function call(method, route, { token, body } = {}) {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body && { 'content-type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** The portal as a few weeks of use leave it: users on every plan, payments and feedback. */
async function fill(url) {
  // built by main() before the portal starts, as the services are
  const { currentPolicyVersions } = require('../../services/contracts/dist');
  const call = client(url);
  const sessions = {};
  for (const [firstName, lastName, email, city, state, plan] of PEOPLE) {
    const { token, user } = await call('POST', '/api/auth/register', {
      body: {
        firstName,
        lastName,
        email,
        password: PASSWORD,
        acceptedPolicies: currentPolicyVersions(),
        personalInfo: { age: 34, gender: 'prefer-not-to-say', address: { street: '12 MG Road', city, state, pincode: '600001' } },
      },
    });
    sessions[email] = { token, user };
    if (plan) await call('POST', '/api/start-trial', { token });
    if (plan && plan !== 'trial') {
      const order = await call('POST', '/api/payment/create-phonepe-order', { token, body: { plan, billingPeriod: 'monthly' } });
      const paid = await fetch(order.paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'success' }), redirect: 'manual' });
      await fetch(paid.headers.get('location'), { redirect: 'manual' });
    }
  }
  const meera = sessions[PEOPLE[0][2]];
  const feedback = [
    ['bug', 'turnover', 'The turnover certificate rounds the total of the third quarter down by one rupee.'],
    ['suggestion', 'filemanager', 'Let me pin the clients I work on every day to the top of the list.'],
    ['question', 'general', 'Can two partners of the firm share one licence?'],
  ];
  for (const [type, component, message] of feedback) {
    await call('POST', '/api/feedback', { token: meera.token, body: { type, component, message } });
  }
  const admin = await signInAdmin(url, ADMIN);
  return { user: sessions[PEOPLE[3][2]], buyer: meera, admin };
}

/** One screen: open it, wait for what a person would wait for, then photograph the whole page. */
async function shoot(page, dir, name, open, ready) {
  await open();
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  return name;
}

async function screensAt(browser, url, viewport, seeded) {
  const dir = path.join(OUT_DIR, viewport.name);
  fs.mkdirSync(dir, { recursive: true });
  const taken = [];
  const context = async (storage) => {
    const ctx = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, locale: 'en-IN' });
    if (storage) await ctx.addInitScript(`Object.entries(${JSON.stringify(storage)}).forEach(([k, v]) => localStorage.setItem(k, v))`);
    const page = await ctx.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  };
  const at = (page, route) => () => page.goto(`${url}${route}`);
  const heading = (name) => (page) => page.getByRole('heading', { name }).first().waitFor();

  const visitor = await context();
  taken.push(await shoot(visitor, dir, '01-landing', at(visitor, '/'), heading('Find documents in seconds')));
  taken.push(await shoot(visitor, dir, '02-login', at(visitor, '/login'), (p) => p.getByRole('button', { name: 'Sign In' }).waitFor()));
  taken.push(await shoot(visitor, dir, '03-signup', at(visitor, '/signup'), (p) => p.getByRole('button', { name: 'Next' }).waitFor()));
  taken.push(
    await shoot(visitor, dir, '04-forgot-password', at(visitor, '/forgot-password'), (p) => p.getByRole('heading').first().waitFor()),
  );
  taken.push(
    await shoot(visitor, dir, '05-download-link-error', at(visitor, '/api/download/file/1.0.0?expires=1&signature=forged'), (p) =>
      p.getByRole('link').first().waitFor(),
    ),
  );

  const session = ({ token, user }) => ({ token, user: JSON.stringify(user) });
  const trial = await context(session(seeded.user));
  taken.push(await shoot(trial, dir, '06-dashboard', at(trial, '/dashboard'), heading(/^Hello/)));
  taken.push(await shoot(trial, dir, '07-profile', at(trial, '/profile'), heading(/Hello/)));
  taken.push(await shoot(trial, dir, '08-download', at(trial, '/download'), (p) => p.getByText('1.0.0').first().waitFor()));
  taken.push(await shoot(trial, dir, '09-subscription-trial', at(trial, '/subscription'), (p) => p.getByText('Most Popular').waitFor()));
  taken.push(await shoot(trial, dir, '10-about', at(trial, '/about'), (p) => p.getByRole('heading').first().waitFor()));
  const buyer = await context(session(seeded.buyer));
  taken.push(
    await shoot(buyer, dir, '11-subscription-active', at(buyer, '/subscription'), (p) => p.getByText('Current Plan').first().waitFor()),
  );

  const admin = await context({ adminToken: seeded.admin.token, adminUser: JSON.stringify(seeded.admin.user) });
  const tab = (name) => () => admin.getByRole('tab', { name }).click();
  const adminLogin = await context();
  taken.push(
    await shoot(adminLogin, dir, '12-admin-login', at(adminLogin, '/admin/login'), (p) => p.getByRole('button').first().waitFor()),
  );
  taken.push(
    await shoot(admin, dir, '13-admin-dashboard', at(admin, '/admin/dashboard'), (p) => p.getByText('Plan Distribution').waitFor()),
  );
  taken.push(await shoot(admin, dir, '14-admin-users', tab('User Management'), (p) => p.getByText(PEOPLE[0][2]).first().waitFor()));
  taken.push(
    await shoot(
      admin,
      dir,
      '15-admin-user-details',
      () =>
        admin
          .getByRole('button', { name: /details/i })
          .first()
          .click(),
      (p) => p.getByRole('dialog').waitFor(),
    ),
  );
  await admin.keyboard.press('Escape');
  await admin.getByRole('dialog').waitFor({ state: 'detached' });
  taken.push(await shoot(admin, dir, '16-admin-transactions', tab('Transactions'), (p) => p.getByText('completed').first().waitFor()));
  taken.push(
    await shoot(admin, dir, '17-admin-feedback', tab(/App Feedback/), (p) =>
      p
        .getByText(/rounds the total/)
        .first()
        .waitFor(),
    ),
  );
  taken.push(await shoot(admin, dir, '18-admin-audit', tab('Audit Log'), (p) => p.getByRole('table').first().waitFor()));
  const exportToggle = admin.getByRole('button', { name: 'Export', exact: true });
  if (await exportToggle.isVisible()) {
    taken.push(
      await shoot(
        admin,
        dir,
        '19-admin-export-menu',
        () => exportToggle.click(),
        (p) => p.getByRole('button', { name: 'Export Users' }).waitFor(),
      ),
    );
  }
  return { dir, taken };
}

async function main() {
  ensureDependencies();
  build();
  const { ensureRedis } = require('./lib/redis');
  const { startScratchPortal } = require('./lib/scratch-portal');
  const { seedDemoRelease } = require('./lib/demo-release');
  const { launchChromium } = require('./lib/browser');
  const redis = await ensureRedis({ dataDir: path.join(DATA_DIR, 'screenshots-redis') });
  const portal = await step('Starting the portal on throwaway data', 'about 15 s', () =>
    startScratchPortal({ label: 'screens', redisUrl: redis.url, admin: ADMIN }),
  );
  const browser = await launchChromium();
  try {
    await seedDemoRelease(portal.url, ADMIN);
    const seeded = await step('Filling it with users, payments and feedback', 'a few seconds', () => fill(portal.url));
    fs.rmSync(OUT_DIR, { recursive: true, force: true });
    for (const viewport of VIEWPORTS) {
      const { dir, taken } = await step(`Screens at ${viewport.width}×${viewport.height}`, 'under a minute', () =>
        screensAt(browser, portal.url, viewport, seeded),
      );
      console.log(`  ${taken.length} screens in ${path.relative(ROOT, dir)}/`);
    }
  } finally {
    await browser.close();
    await portal.stop();
    await redis.stop();
  }
}

main().catch((error) => {
  console.error(`screenshots failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
