'use strict';
// The landing page as a visitor's browser gets it: the gzipped size of every script it loads
// (goal ≤ 120 kB), whether the admin remote is fetched (never, on user pages), and its load time.
const { launchChromium } = require('../deploy/local/lib/browser');
const { fmt, recordScripts } = require('./lib');

const GOAL_GZIP_BYTES = 120 * 1024;

async function landingPage(gatewayUrl) {
  const browser = await launchChromium();
  try {
    const loads = [];
    let scripts = [];
    for (let run = 0; run < 5; run++) {
      const context = await browser.newContext(); // a cold cache each time
      const fresh = await context.newPage();
      scripts = recordScripts(fresh);
      const started = Date.now();
      await fresh.goto(`${gatewayUrl}/`, { waitUntil: 'networkidle' });
      await fresh.getByRole('heading', { name: 'Find documents in seconds' }).waitFor();
      loads.push(Date.now() - started);
      await context.close();
    }
    const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
    const admin = scripts.filter((script) => script.url.includes('/remotes/admin')).length;
    const median = [...loads].sort((a, b) => a - b)[2];
    return [
      ['landing page JavaScript, gzipped (kB)', fmt(total / 1024, 1), '<= 120', total <= GOAL_GZIP_BYTES],
      ['admin remote requests on the landing page', admin, '0', admin === 0],
      ['landing page load to content, median of 5 cold loads (ms)', median, 'reported', true],
    ];
  } finally {
    await browser.close();
  }
}

module.exports = { landingPage };
