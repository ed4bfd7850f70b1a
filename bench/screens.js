'use strict';
// Every screen the bench measures, each with what the browser holds before it opens: nothing for
// a visitor, a trial user's session (signed up and trial started through the real API) for the
// portal's signed-in screens, and an admin's session over 1,000 customers for the admin's. A
// placeholder installer is published first, as `npm start` does, so the download page shows a release.
const { seedDemoRelease } = require('../deploy/local/lib/demo-release');
const { signInAdmin } = require('../deploy/local/lib/admin-sign-in');
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

/** The screens, each as { path, storage } (localStorage entries set before it opens); `portal` from startScratchPortal({ admin: ADMIN }). */
async function screens(portal) {
  const visitor = ['/', '/login', '/signup', '/forgot-password', '/pricing', '/about', '/contact'];
  const policies = Object.values(POLICIES).map((policy) => policy.path);
  await seedDemoRelease(portal.url, ADMIN);
  const user = await trialUserSession(portal.url);
  const admin = await adminSession(portal);
  return [
    ...[...visitor, ...policies].map((path) => ({ path, storage: {} })),
    ...['/dashboard', '/subscription', '/profile', '/download'].map((path) => ({ path, storage: user })),
    ...['/admin/dashboard', '/admin/dashboard?tab=users'].map((path) => ({ path, storage: admin })),
  ];
}

module.exports = { screens, ADMIN };
