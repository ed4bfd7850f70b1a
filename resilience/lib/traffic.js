'use strict';
// Virtual users walking the portal as its customers and admins do, each with its own address
// (X-Forwarded-For from the trusted local proxy), so per-client limits see 200 clients, not one.
const { performance } = require('node:perf_hooks');

const { sleep } = require('./wait');
const { signInAdmin } = require('../../deploy/local/lib/admin-sign-in');
// the services run from their builds, so the contracts' build is there too
const { currentPolicyVersions } = require('../../services/contracts/dist');

const TIMEOUT_MS = 15_000;
const between = (low, high) => low + Math.random() * (high - low);

/** One call through the gateway, recorded under its route group; answers { status, body }. */
async function call(ctx, vu, group, method, path, { body, token } = {}) {
  const headers = { Accept: 'application/json', 'X-Forwarded-For': vu.address };
  if (body) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // each virtual user is one browser: it keeps the device cookie auth sets, so a sign-in again is not a new device
  if (vu.cookie) headers.Cookie = vu.cookie;
  const started = performance.now();
  let status;
  let answer;
  try {
    const response = await fetch(ctx.url + path, {
      method,
      headers,
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith('portal_device='));
    if (device) vu.cookie = device.split(';')[0];
    const text = await response.text();
    answer = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  } catch (error) {
    status = error.name === 'TimeoutError' ? 'timeout' : 0;
  }
  ctx.recorder.record(group, status, performance.now() - started);
  return { status, body: answer };
}

/** One call of each route group, as a virtual user makes it, by the group's name. */
const ACTIONS = {
  status: (ctx, vu) => checkStatus(ctx, vu),
  plans: (ctx, vu) => call(ctx, vu, 'plans', 'GET', '/api/payment/plans'),
  // a customer without a plan is told so (403), which the figures keep apart from the entitled
  eligibility: (ctx, vu) =>
    call(ctx, vu, vu.entitled ? 'eligibility' : 'eligibility (no plan)', 'GET', '/api/download/check-eligibility', { token: vu.token }),
  usage: (ctx, vu) => call(ctx, vu, 'usage', 'POST', '/api/track-usage', { token: vu.token, body: { action: 'app.open' } }),
  history: (ctx, vu) => call(ctx, vu, 'history', 'GET', '/api/billing/history', { token: vu.token }),
  profile: (ctx, vu) =>
    call(ctx, vu, 'profile', 'PUT', '/api/auth/profile', {
      token: vu.token,
      body: { firstName: 'Load', lastName: `User ${vu.index}-${Date.now() % 1000}` },
    }),
  feedback: (ctx, vu) => sendFeedback(ctx, vu),
  'sign-in': (ctx, vu) => signIn(ctx, vu),
  order: (ctx, vu) => orderAndPay(ctx, vu),
  'admin-users': (ctx, vu) => call(ctx, vu, 'admin-users', 'GET', '/api/admin/users?page=1&limit=50', { token: vu.token }),
  'admin-export': (ctx, vu) => call(ctx, vu, 'admin-export', 'GET', '/api/admin/export/users', { token: vu.token }),
};
const mix = (weights) => weights.map(([group, weight]) => [group, weight, ACTIONS[group]]);
const CUSTOMER_MIX = mix([
  ['status', 24],
  ['plans', 14],
  ['eligibility', 14],
  ['usage', 14],
  ['history', 5],
  ['profile', 10],
  ['feedback', 5],
  ['sign-in', 4],
  ['order', 2],
]);
const ADMIN_MIX = mix([
  ['admin-users', 70],
  ['admin-export', 30],
]);

/** The status, as the portal shows it; what it says about the download is what the user then expects. */
async function checkStatus(ctx, vu) {
  const answer = await call(ctx, vu, 'status', 'GET', '/api/subscription-status', { token: vu.token });
  if (answer.status === 200) Object.assign(vu, { entitled: answer.body.canDownload, subscriptionStatus: answer.body.subscriptionStatus });
  return answer;
}

/** Feedback with a message of its own; each one the portal acknowledged is remembered, to look for later. */
async function sendFeedback(ctx, vu) {
  const message = `Suggestion ${vu.index}-${++ctx.sent} from a virtual user`;
  const answer = await call(ctx, vu, 'feedback', 'POST', '/api/feedback', {
    token: vu.token,
    body: { type: 'suggestion', component: 'dashboard', message },
  });
  if (answer.status === 201) ctx.acknowledged.push(message);
  return answer;
}

async function signIn(ctx, vu) {
  const answer = await call(ctx, vu, 'sign-in', 'POST', '/api/auth/login', {
    body: { email: vu.email, password: vu.password },
  });
  if (answer.status === 200) vu.token = answer.body.token;
  return answer;
}

/** A monthly Basic order, as the plans page places it (recorded under `group`). */
const createOrder = (ctx, vu, group = 'order') =>
  call(ctx, vu, group, 'POST', '/api/payment/create-phonepe-order', { token: vu.token, body: { plan: 'basic', billingPeriod: 'monthly' } });

/** An order, then the payment on the stand-in's page (its webhook credits the order). */
async function orderAndPay(ctx, vu) {
  const answer = await createOrder(ctx, vu);
  if (answer.status === 201) {
    ctx.orders.push(answer.body.merchantOrderId);
    await ctx.pay(answer.body.merchantOrderId);
  }
  return answer;
}

function pick(mix) {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const entry of mix) if ((roll -= entry[1]) < 0) return entry;
  return mix[0];
}

/** Signs up `count` customers (half of them start their trial) and signs in `admins` admins. */
async function createUsers(ctx, { count, admins = 0, label }) {
  const users = [];
  for (let index = 0; index < count; index++) {
    users.push({
      index,
      address: `10.${(index >> 8) & 255}.${index & 255}.${1 + (label.length % 200)}`,
      email: `vu-${label}-${index}@load.test`,
      password: `load-password-${index}`,
      admin: index < admins,
    });
  }
  // sign-up hashes a password (Argon2), so a few at a time, as real sign-ups arrive
  const queue = [...users];
  const setup = { url: ctx.url, recorder: { record: () => undefined } };
  // one sign-in for every admin user: each needs the authenticator's code, and a code's step is used once
  let adminSignIn;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let vu = queue.shift(); vu; vu = queue.shift()) {
        if (vu.admin) {
          adminSignIn ??= signInAdmin(ctx.url, ctx.admin);
          vu.token = (await adminSignIn).token;
        } else {
          const answer = await call(setup, vu, 'sign-up', 'POST', '/api/auth/register', {
            body: {
              firstName: 'Load',
              lastName: `User ${vu.index}`,
              email: vu.email,
              password: vu.password,
              acceptedPolicies: currentPolicyVersions(),
            },
          });
          if (answer.status !== 201) throw new Error(`sign-up of ${vu.email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          vu.token = answer.body.token;
          if (vu.index % 2 === 0) {
            const trial = await call(setup, vu, 'start-trial', 'POST', '/api/start-trial', { token: vu.token });
            vu.entitled = trial.status === 200 || trial.status === 201;
          }
        }
      }
    }),
  );
  return users;
}

/** What a traffic run shares: where to call, where answers are recorded, and what was created. */
function trafficContext(portal, recorder) {
  return {
    url: portal.url,
    admin: portal.admin,
    recorder,
    orders: [],
    sent: 0,
    acknowledged: [],
    pay: (id) => portal.standIn.settle(id, 'success'),
  };
}

/**
 * Runs every virtual user's loop until `durationMs` has passed or `stopped()` says so: an action
 * from its mix, then think time. `ctx` comes from trafficContext.
 */
async function runTraffic(ctx, users, { durationMs = Infinity, stopped = () => false, thinkMs = [500, 2000] }) {
  const endAt = Date.now() + durationMs;
  await Promise.all(
    users.map(async (vu) => {
      await sleep(between(0, thinkMs[1])); // users arrive spread out, not all in the same instant
      while (Date.now() < endAt && !stopped()) {
        const [, , action] = pick(vu.admin ? ADMIN_MIX : CUSTOMER_MIX);
        await action(ctx, vu);
        await sleep(between(...thinkMs) * (vu.admin ? 3 : 1));
      }
    }),
  );
}

/** Traffic in the background while a scenario breaks something; `stop()` waits for every user to finish its call. */
function backgroundTraffic(ctx, users, options = {}) {
  let done = false;
  const running = runTraffic(ctx, users, { ...options, stopped: () => done });
  return {
    async stop() {
      done = true;
      await running;
    },
  };
}

module.exports = { ACTIONS, call, createOrder, createUsers, runTraffic, backgroundTraffic, trafficContext };
