'use strict';
// Every screen the bench measures, each with what the browser holds before it opens: nothing for
// a visitor, a trial user's session (signed up and trial started through the real API) for the
// portal's signed-in screens, an admin's session over 1,000 customers for the admin's, and a
// dealer's staff member's for the partner area. A
// placeholder installer is published first, as `npm start` does, so the download page shows a release.
const { seedDemoRelease } = require('../deploy/local/lib/demo-release');
const { nextProof, signInAdmin } = require('../deploy/local/lib/admin-sign-in');
const { seededUser, insertMany, withDatabase } = require('../resilience/lib/seed');
const { POLICIES, currentPolicyVersions } = require('../services/contracts/dist');

const ADMIN = { email: 'bench-admin@portal.test', password: 'bench-admin-secret-1' };
const CUSTOMERS = 1_000;

async function call(url, method, body, token) {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

async function trialUserSession(portalUrl) {
  const person = { firstName: 'Bench', lastName: 'User', email: `bench-${Date.now()}@portal.test`, password: 'bench-user-secret-1' };
  const { token, user } = await call(`${portalUrl}/api/auth/register`, 'POST', { ...person, acceptedPolicies: currentPolicyVersions() });
  await call(`${portalUrl}/api/start-trial`, 'POST', undefined, token);
  return { token, user: JSON.stringify(user) };
}

async function adminSession(portal) {
  await withDatabase(portal, 'auth', (db) => insertMany(db.collection('users'), CUSTOMERS, seededUser('bench', CUSTOMERS)));
  const { token, user } = await signInAdmin(portal.url, ADMIN);
  return { adminToken: token, adminUser: JSON.stringify(user) };
}

/** A dealer's staff member: a portal account with an authenticator, on a partner's staff, signed in at /partner. */
async function partnerSession(portalUrl, adminToken) {
  const staff = { email: `bench-dealer-${Date.now()}@portal.test`, password: 'bench-dealer-secret-1' };
  const { token } = await call(`${portalUrl}/api/auth/register`, 'POST', {
    firstName: 'Bench',
    ...staff,
    acceptedPolicies: currentPolicyVersions(),
  });
  const { secret } = await call(`${portalUrl}/api/auth/second-factor/totp`, 'POST', undefined, token);
  staff.totpSecret = secret;
  await call(`${portalUrl}/api/auth/second-factor/totp/confirm`, 'POST', await nextProof(staff), token);
  const bank = { accountName: 'Bench Dealers', accountNumber: '001122334455', ifsc: 'HDFC0001234' };
  const { partner } = await call(
    `${portalUrl}/api/admin/partners`,
    'POST',
    { legalName: 'Bench Dealers', pan: 'BENCH1234B', bank, tier: 'silver' },
    adminToken,
  );
  await call(`${portalUrl}/api/admin/partners/${partner.id}/staff`, 'POST', { email: staff.email }, adminToken);
  const { challenge } = await call(`${portalUrl}/api/auth/login`, 'POST', { email: staff.email, password: staff.password });
  const signedIn = await call(`${portalUrl}/api/auth/login/second-factor`, 'POST', { challenge, ...(await nextProof(staff)) });
  const session = await call(`${portalUrl}/api/auth/partner/session`, 'POST', undefined, signedIn.token);
  return { partnerToken: session.token, partnerUser: JSON.stringify({ email: session.email, partnerId: session.partnerId }) };
}

/** The screens, each as { path, storage } (localStorage entries set before it opens); `portal` from startScratchPortal({ admin: ADMIN }). */
async function screens(portal) {
  const visitor = ['/', '/login', '/signup', '/forgot-password', '/pricing', '/about', '/contact'];
  const policies = Object.values(POLICIES).map((policy) => policy.path);
  await seedDemoRelease(portal.url, ADMIN);
  const user = await trialUserSession(portal.url);
  const admin = await adminSession(portal);
  const partner = await partnerSession(portal.url, admin.adminToken);
  return [
    ...[...visitor, ...policies].map((path) => ({ path, storage: {} })),
    ...['/dashboard', '/subscription', '/profile', '/download'].map((path) => ({ path, storage: user })),
    ...['/admin/dashboard', '/admin/dashboard?tab=users'].map((path) => ({ path, storage: admin })),
    { path: '/partner', storage: {} },
    { path: '/partner/area', storage: partner },
  ];
}

module.exports = { screens, ADMIN };
