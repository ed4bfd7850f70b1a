'use strict';
// `npm run resilience`: the portal under load and under faults, each scenario with its verdict and
// figures, printed and written to reports/resilience.json. `--short` is the 2-minute version CI runs.
if (require('../deploy/local/lib/node-runtime').relaunchOnSupportedNode()) return;
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('../deploy/local/lib/paths');
const { ensureDependencies, build } = require('../deploy/local/lib/setup');

const short = process.argv.includes('--short');
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const PLAN = short
  ? {
      loadUsers: 50,
      loadSeconds: 30,
      faultUsers: 20,
      mailOutageMs: 70_000,
      scenarios: ['load', 'kill-service', 'redis-outage', 'mail-outage'],
    }
  : {
      loadUsers: 200,
      loadSeconds: 60,
      // each route group's CPU a call, its calls alone after the load: a minute more
      loadByGroup: true,
      faultUsers: 50,
      mailOutageMs: 120_000,
      scenarios: [
        'load',
        'kill-service',
        'redis-outage',
        'mail-outage',
        'db-outage',
        'payment-faults',
        'worker-kill',
        'notifications-kill',
        'graceful-shutdown',
        'bulk',
      ],
    };

async function main() {
  ensureDependencies();
  // The scenarios call the API only; the pages are built when they are missing, as the gateway serves them.
  build({ frontends: !fs.existsSync(path.join(ROOT, 'frontends', 'dist')) });
  const { writeFigures } = require('../bench/lib');
  const { startResiliencePortal } = require('./lib/portal');
  const { createUsers } = require('./lib/traffic');
  const { printVerdict } = require('./lib/verdict');
  const scenarios = {
    load: (portal) =>
      require('./scenarios/load').load(portal, { users: PLAN.loadUsers, seconds: PLAN.loadSeconds, byGroup: PLAN.loadByGroup }),
    'kill-service': (portal, users) => require('./scenarios/kill-service').killService(portal, users),
    'redis-outage': (portal, users) => require('./scenarios/redis-outage').redisOutage(portal, users),
    'mail-outage': (portal, users) => require('./scenarios/mail-outage').mailOutage(portal, users, { outageMs: PLAN.mailOutageMs }),
    'db-outage': (portal, users) => require('./scenarios/db-outage').dbOutage(portal, users),
    'payment-faults': (portal, users) => require('./scenarios/payment-faults').paymentFaults(portal, users),
    'worker-kill': (portal, users) => require('./scenarios/worker-kill').workerKill(portal, users),
    'notifications-kill': (portal, users) => require('./scenarios/notifications-kill').notificationsKill(portal, users),
    'graceful-shutdown': (portal, users) => require('./scenarios/graceful-shutdown').gracefulShutdown(portal, users),
    bulk: (portal) => require('./scenarios/bulk').bulk(portal),
  };
  const chosen = only ?? PLAN.scenarios;
  const unknown = chosen.filter((name) => !scenarios[name]);
  if (unknown.length) throw new Error(`no scenario named ${unknown.join(', ')}; there are ${Object.keys(scenarios).join(', ')}`);
  console.log(`Resilience run (${short ? 'short' : 'full'}): ${chosen.join(', ')}`);
  const startedAt = new Date();
  const portal = await startResiliencePortal({
    env: {
      EXPIRY_SWEEP_EVERY_MS: '5000',
      RECONCILE_EVERY_MS: '5000',
      RECONCILE_AFTER_MS: '3000',
      // every virtual user comes from this one address; and a mail provider's rate that makes a queue
      RESET_REQUESTS_PER_IP_PER_HOUR: '1000',
      MAIL_PER_SECOND: '10',
    },
  });
  // an interrupted run stops its portal too, or its services, FerretDB and Redis outlive it
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void portal.stop().finally(() => process.exit(1)));
  const results = [];
  try {
    const ctx = { url: portal.url, admin: portal.admin };
    const needUsers = chosen.some((name) => !['load', 'bulk'].includes(name));
    const users = needUsers ? await createUsers(ctx, { count: PLAN.faultUsers, admins: 1, label: 'faults' }) : [];
    for (const name of chosen) {
      console.log(`\n… ${name}`);
      let result;
      try {
        result = await scenarios[name](portal, users);
      } catch (error) {
        result = {
          scenario: name,
          passed: false,
          checks: [
            {
              what: 'the scenario ran to its end',
              ok: false,
              measured: error.cause ? `${error.stack}\ncaused by ${error.cause.stack ?? error.cause}` : error.stack,
            },
          ],
          figures: {},
        };
      }
      results.push(result);
      printVerdict(result);
      // written after every scenario, so that an interrupted run keeps what it measured
      writeFigures('resilience', { startedAt, short, plan: PLAN, results });
    }
  } finally {
    await portal.stop();
  }
  const file = path.join(ROOT, 'reports', 'resilience.json');
  const passed = results.every((result) => result.passed);
  console.log(`\n${passed ? 'Every scenario held.' : 'Some scenarios failed.'} Figures: ${path.relative(process.cwd(), file)}`);
  process.exit(passed ? 0 : 1);
}

main().catch((error) => {
  console.error(`resilience run failed: ${error.stack}`);
  process.exit(1);
});
