'use strict';
// Lighthouse (its default: a mid-range phone on a throttled 4G link) on every screen, in Debian's
// Chromium: performance >= 96, accessibility 100, best practices >= 95. Each screen is measured
// three times and the median run reported, as Lighthouse's own guidance on variability advises;
// the row names the metrics behind the performance score. A signed-in screen is opened with its
// session in localStorage and a cold HTTP cache, as Lighthouse's own reset would leave it. Beside
// the scores, each screen's own JavaScript (gzipped, what it loads that the landing page does not)
// is reported against a budget, so that growth shows in review. The median run's whole report is
// kept in reports/lighthouse/, for the LCP element and the chains behind a score.
const { CHROMIUM, FLAGS } = require('../deploy/local/lib/browser');
const { recordScripts, writeFigures } = require('./lib');

const GOALS = { performance: 96, accessibility: 100, 'best-practices': 95 };
const RUNS = 3;
/** kB gzipped a screen may load beyond the landing page's scripts: today's figures and a little room, so growth shows (docs/operations.md). */
const OWN_JS_BUDGET_KB = { portal: 75, admin: 45, partner: 55 };

const seconds = (audit) => `${(audit.numericValue / 1000).toFixed(1)} s`;
const metrics = ({ audits }) =>
  `FCP ${seconds(audits['first-contentful-paint'])}, LCP ${seconds(audits['largest-contentful-paint'])}, ` +
  `TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms, CLS ${audits['cumulative-layout-shift'].numericValue.toFixed(2)}`;

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is made again, as Lighthouse asks. */
async function measure(lighthouse, url, port) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, logLevel: 'error', onlyCategories: Object.keys(GOALS), disableStorageReset: true });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  }
}

/**
 * Gives the browser the screen's session and nothing else: localStorage holds only `storage`,
 * the HTTP cache is empty. Answers the scripts (url, gzipped bytes) the screen loads when opened.
 */
async function prepare(browser, gatewayUrl, screen) {
  const page = await browser.contexts()[0].newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${gatewayUrl}/live`);
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, screen.storage);
    await cdp.send('Network.clearBrowserCache');
    const scripts = recordScripts(page);
    await page.goto(`${gatewayUrl}${screen.path}`, { waitUntil: 'networkidle' });
    await cdp.send('Network.clearBrowserCache');
    return scripts;
  } finally {
    await page.close();
  }
}

async function lighthouseScores(gatewayUrl, screens) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = require('playwright-core');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const rows = [];
  let landingScripts;
  try {
    for (const screen of screens) {
      const runs = [];
      let scripts = [];
      for (let run = 0; run < RUNS; run++) {
        scripts = await prepare(browser, gatewayUrl, screen);
        runs.push(await measure(lighthouse, `${gatewayUrl}${screen.path}`, chrome.port));
      }
      const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
      const median = runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(RUNS / 2)];
      writeFigures(`lighthouse/${screen.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing'}`, { lhr: median });
      for (const [category, goal] of Object.entries(GOALS)) {
        const value = score(median, category);
        const detail = category === 'performance' ? ` (${metrics(median)})` : '';
        rows.push([`Lighthouse ${category} on ${screen.path}${detail}`, value, `>= ${goal}`, value >= goal]);
      }
      landingScripts ??= new Set(scripts.filter((script) => !script.url.includes('__federation_expose_')).map((script) => script.url));
      const own = scripts.filter((script) => !landingScripts.has(script.url)).reduce((sum, script) => sum + script.gzip, 0) / 1024;
      const remote = screen.path.startsWith('/admin') ? 'admin' : screen.path.startsWith('/partner') ? 'partner' : 'portal';
      const budget = OWN_JS_BUDGET_KB[remote];
      rows.push([
        `  ${screen.path}: its own JavaScript beyond the landing page's, gzipped (kB)`,
        own.toFixed(1),
        `<= ${budget}`,
        own <= budget,
      ]);
    }
  } finally {
    await browser.close().catch(() => undefined);
    await chrome.kill();
  }
  return rows;
}

module.exports = { lighthouseScores };
