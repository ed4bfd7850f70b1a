'use strict';
// The landing page as a visitor's browser gets it: the gzipped size of every script it loads
// (goal ≤ 150 kB), whether the admin remote is fetched (never, on user pages), and its load time.
const zlib = require('node:zlib');
const { launchChromium } = require('../deploy/local/lib/browser');
const { fmt } = require('./lib');

const GOAL_GZIP_BYTES = 150 * 1024;

async function landingPage(gatewayUrl) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: response.url(), gzip: zlib.gzipSync(body, { level: 9 }).length });
    });
    const loads = [];
    for (let run = 0; run < 5; run++) {
      scripts.length = 0;
      const context = await browser.newContext(); // a cold cache each time
      const fresh = await context.newPage();
      fresh.on('response', page.listeners('response')[0]);
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
      ['landing page JavaScript, gzipped (kB)', fmt(total / 1024, 1), '<= 150', total <= GOAL_GZIP_BYTES],
      ['admin remote requests on the landing page', admin, '0', admin === 0],
      ['landing page load to content, median of 5 cold loads (ms)', median, 'reported', true],
    ];
  } finally {
    await browser.close();
  }
}

module.exports = { landingPage };
