'use strict';
// How many database commands one call of each route group sends before it is answered, summed
// over every service (their `db_commands_total` on /metrics), against a budget per group (issue
// #52): a new round trip on a hot path fails the run, however fast the machine.
const { ACTIONS, createOrder, trafficContext } = require('./traffic');

/**
 * The most commands one call may send, all services together; a page's reads 5, the status and the
 * download page's eligibility 1 (their inputs are remembered between calls: in the common case
 * they read none).
 */
const BUDGETS = {
  'status (trial)': 1,
  'status (paid)': 1,
  'status (no plan)': 1,
  plans: 5,
  eligibility: 1,
  'eligibility (no plan)': 1,
  history: 5,
  'admin-users': 5,
  'admin-export': 5,
  // writes, at what they send today
  usage: 1,
  profile: 1,
  feedback: 2,
  // the account, whether a firm of theirs requires a second factor, the browser's record
  'sign-in': 4,
  order: 5,
};
const TRIES = 3;

/**
 * The commands every service has sent so far, from their metrics; a cursor's `getMore` is the same
 * query read on (an export of more than a hundred rows), not another round trip the code chose.
 */
async function commandsSent(serviceUrls) {
  const texts = await Promise.all(serviceUrls.map(async (url) => (await fetch(`${url}/metrics`)).text()));
  return texts
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('db_commands_total{') && !line.startsWith('db_commands_total{command="getMore"'))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

/**
 * Each group's commands per call: the fewest of three calls in a row by one user of the kind the
 * group needs (feedback by three), so that a scheduled job's queries
 * falling into one call's window, or a remembered read older than its life, do not count.
 * `users` are the load's virtual users, signed in.
 */
async function commandsPerCall(portal, users) {
  const ctx = trafficContext(portal, { record: () => undefined }); // the probe's calls stay out of the load's figures
  const { serviceUrls } = portal;
  const admins = users.filter((vu) => vu.admin);
  const customers = users.filter((vu) => !vu.admin);
  for (const vu of customers) await ACTIONS.status(ctx, vu); // each one's plan as it is now
  // the users who make a group's calls, in turn: one user for each group but feedback's
  const first = (list) => list.slice(0, 1);
  const entitled = first(customers.filter((vu) => vu.entitled));
  const without = first(customers.filter((vu) => !vu.entitled));
  const probes = {
    'status (trial)': [first(customers.filter((vu) => vu.subscriptionStatus === 'trial')), ACTIONS.status],
    'status (paid)': [first(customers.filter((vu) => vu.subscriptionStatus === 'active')), ACTIONS.status],
    'status (no plan)': [without, ACTIONS.status],
    plans: [first(customers), ACTIONS.plans],
    eligibility: [entitled, ACTIONS.eligibility],
    'eligibility (no plan)': [without, ACTIONS.eligibility],
    history: [entitled, ACTIONS.history],
    usage: [first(customers), ACTIONS.usage],
    profile: [first(customers), ACTIONS.profile],
    feedback: [customers.slice(-TRIES), ACTIONS.feedback], // three users, within each one's hourly limit
    'sign-in': [first(customers), ACTIONS['sign-in']],
    // the order alone: its payment arrives later, by PhonePe's callback
    order: [without.length ? without : first(customers), (probeCtx, vu) => createOrder(probeCtx, vu)],
    'admin-users': [first(admins), ACTIONS['admin-users']],
    'admin-export': [first(admins), ACTIONS['admin-export']],
  };
  const rows = [];
  for (const [group, [kind, act]] of Object.entries(probes)) {
    if (!kind.length) {
      rows.push({ group, commands: null, budget: BUDGETS[group], failed: 'no user of that kind' });
      continue;
    }
    let fewest = Infinity;
    let failed = null;
    for (let i = 0; i < TRIES; i++) {
      const vu = kind[i % kind.length];
      const before = await commandsSent(serviceUrls);
      const answer = await act(ctx, vu);
      const sent = (await commandsSent(serviceUrls)) - before;
      if (typeof answer.status !== 'number' || answer.status >= 500) failed = `answered ${answer.status}`;
      fewest = Math.min(fewest, sent);
    }
    rows.push({ group, commands: fewest, budget: BUDGETS[group], failed });
  }
  return rows;
}

/** The groups over their budget, or that could not be measured, as a verdict's figure. */
const overBudget = (rows) =>
  rows
    .filter((row) => row.failed || row.commands > row.budget)
    .map((row) => `${row.group}: ${row.failed ?? `${row.commands} > ${row.budget}`}`);

const asTable = (rows) => rows.map((row) => `${row.group} ${row.commands}/${row.budget}`).join(', ');

module.exports = { BUDGETS, commandsPerCall, overBudget, asTable };
