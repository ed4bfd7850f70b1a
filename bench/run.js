'use strict';
// `npm run bench`: each figure is a ratio against a baseline measured in the same run.
if (require('../deploy/local/lib/node-runtime').relaunchOnSupportedNode()) return;
const crypto = require('node:crypto');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const jwt = require('jsonwebtoken');
const { DATA_DIR } = require('../deploy/local/lib/paths');
const { ensureDependencies, build } = require('../deploy/local/lib/setup');
const { asFigures, report, writeFigures } = require('./lib');

const SECTIONS = ['gateway', 'landing', 'lighthouse', 'lists', 'start'];

/**
 * `--screens=/subscription,/signup` measures those screens, and the landing page that each
 * screen's own JavaScript is counted against, alone in the Lighthouse section.
 */
function chosenScreens(argv) {
  const only = argv.find((arg) => arg.startsWith('--screens='));
  return only ? new Set(only.slice('--screens='.length).split(',').filter(Boolean)) : null;
}

/** `--only=gateway,lighthouse` runs those sections alone, so one goal can be measured three times in a few minutes. */
function chosenSections(argv) {
  const only = argv.find((arg) => arg.startsWith('--only='));
  if (!only) return new Set(SECTIONS);
  const chosen = only.slice('--only='.length).split(',').filter(Boolean);
  const unknown = chosen.filter((name) => !SECTIONS.includes(name));
  if (unknown.length || !chosen.length) throw new Error(`--only takes some of ${SECTIONS.join(', ')}; got ${only}`);
  return new Set(chosen);
}

async function main() {
  const wanted = chosenSections(process.argv.slice(2));
  // The load generator (this process) keeps core 1 to itself; the servers under test share core 0.
  spawnSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  ensureDependencies();
  build();
  const { ensureRedis } = require('../deploy/local/lib/redis');
  const { newKeyPair, startScratchPortal } = require('../deploy/local/lib/scratch-portal');
  const { gatewayOverhead } = require('./gateway-overhead');
  const { landingPage } = require('./landing-page');
  const { lighthouseScores } = require('./lighthouse');
  const { screens, ADMIN } = require('./screens');
  const { startTimes } = require('./start-time');
  const { adminLists } = require('./admin-lists');
  const redis = await ensureRedis({ dataDir: path.join(DATA_DIR, 'bench-redis') });
  const keys = newKeyPair();
  const signUserToken = () =>
    jwt.sign({ email: 'bench@example.com' }, keys.privateKey, {
      algorithm: 'RS256',
      issuer: 'portal-auth',
      audience: 'portal-user',
      subject: 'bench',
      jwtid: crypto.randomUUID(),
      expiresIn: 3600,
    });
  const context = { redisUrl: redis.url, redisPrefix: `bench:${Date.now()}:`, keys, signUserToken };
  let allMet = true;
  const sections = {};
  try {
    if (wanted.has('gateway')) {
      console.log('\nGateway overhead (gateway and service share core 0; the load generator has core 1)');
      const rows = await gatewayOverhead(context);
      report(rows);
      sections.gatewayOverhead = asFigures(rows);
      allMet &&= rows.every((row) => row[3]);
    }

    // The pages are measured as a visitor's machine runs them: every core for the stack and Chromium.
    // os.cpus(), not availableParallelism(), which counts only the core this process is pinned to.
    spawnSync('taskset', ['-cp', `0-${os.cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
    const stack =
      wanted.has('landing') || wanted.has('lighthouse')
        ? await startScratchPortal({ label: 'bench', redisUrl: redis.url, keys, admin: ADMIN })
        : null;
    try {
      if (stack && wanted.has('landing')) {
        console.log('\nLanding page in Chromium (the whole stack as npm start runs it)');
        const landing = await landingPage(stack.url);
        report(landing);
        sections.landingPage = asFigures(landing);
        allMet &&= landing.every((row) => row[3]);
      }
      if (stack && wanted.has('lighthouse')) {
        console.log('\nEvery screen in Lighthouse, in Chromium (mobile defaults: throttled CPU and 4G)');
        const chosen = chosenScreens(process.argv.slice(2));
        const measured = (await screens(stack)).filter((screen) => !chosen || chosen.has(screen.path) || screen.path === '/');
        const scores = await lighthouseScores(stack.url, measured);
        report(scores);
        sections.lighthouse = asFigures(scores);
        allMet &&= scores.every((row) => row[3]);
      }
    } finally {
      await stack?.stop();
    }

    if (wanted.has('lists')) {
      console.log("\nThe admin's lists at 1,000 and at 100,000 customers, through the gateway (embedded store)");
      const listsPortal = await startScratchPortal({ label: 'lists', redisUrl: redis.url, admin: ADMIN });
      try {
        const lists = await adminLists(listsPortal, ADMIN);
        report(lists);
        sections.adminLists = asFigures(lists);
        allMet &&= lists.every((row) => row[3]);
      } finally {
        await listsPortal.stop();
      }
    }

    if (wanted.has('start')) {
      console.log('\nStarting the portal (a fresh copy of this checkout, then again, then a change to one page)');
      const starts = await startTimes({ redisPrefix: `${context.redisPrefix}start:` });
      report(starts);
      sections.start = asFigures(starts);
      allMet &&= starts.every((row) => row[3]);
    }
  } finally {
    await redis.stop();
  }
  writeFigures('bench', sections);
  console.log(allMet ? '\nEvery goal met.' : '\nSome goals missed.');
  if (!allMet) process.exitCode = 1;
}

main().catch((error) => {
  console.error(`bench failed: ${error.message}`);
  process.exit(1);
});
