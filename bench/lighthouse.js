'use strict';
// Lighthouse (its default: a mid-range phone on a throttled 4G link) on the pages a visitor
// meets first, in Debian's Chromium. Goals: performance >= 90 and accessibility >= 95.
const { CHROMIUM, FLAGS } = require('../deploy/local/lib/browser');

const PAGES = ['/', '/login', '/signup'];
const GOALS = { performance: 90, accessibility: 95 };

async function lighthouseScores(gatewayUrl) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const rows = [];
  try {
    for (const page of PAGES) {
      const { lhr } = await lighthouse(`${gatewayUrl}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: Object.keys(GOALS),
      });
      if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${page}: ${lhr.runtimeError.message}`);
      for (const [category, goal] of Object.entries(GOALS)) {
        const score = Math.round(lhr.categories[category].score * 100);
        rows.push([`Lighthouse ${category} on ${page}`, score, `>= ${goal}`, score >= goal]);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

module.exports = { lighthouseScores };
