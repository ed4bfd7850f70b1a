'use strict';
// Lighthouse (its default: a mid-range phone on a throttled 4G link) on the pages a visitor
// meets first, in Debian's Chromium. Goals: performance >= 90 and accessibility 100. Each page
// is measured three times and the median run reported, as Lighthouse's own guidance on
// variability advises; the row names the metrics behind the performance score.
const { CHROMIUM, FLAGS } = require('../deploy/local/lib/browser');

const PAGES = ['/', '/login', '/signup'];
const GOALS = { performance: 90, accessibility: 100 };
const RUNS = 3;

const seconds = (audit) => `${(audit.numericValue / 1000).toFixed(1)} s`;
const metrics = ({ audits }) =>
  `FCP ${seconds(audits['first-contentful-paint'])}, LCP ${seconds(audits['largest-contentful-paint'])}, ` +
  `TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms, CLS ${audits['cumulative-layout-shift'].numericValue.toFixed(2)}`;

/** One Lighthouse run; a run whose trace recording failed (NO_NAVSTART and the like) is made again, as Lighthouse asks. */
async function measure(lighthouse, url, port) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, { port, logLevel: 'error', onlyCategories: Object.keys(GOALS) });
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  }
}

async function lighthouseScores(gatewayUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const rows = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await measure(lighthouse, `${gatewayUrl}${page}`, chrome.port));
      const score = (lhr, category) => Math.round(lhr.categories[category].score * 100);
      const median = runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))[Math.floor(RUNS / 2)];
      for (const [category, goal] of Object.entries(GOALS)) {
        const value = score(median, category);
        const detail = category === 'performance' ? ` (${metrics(median)})` : '';
        rows.push([`Lighthouse ${category} on ${page}${detail}`, value, `>= ${goal}`, value >= goal]);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

module.exports = { lighthouseScores };
