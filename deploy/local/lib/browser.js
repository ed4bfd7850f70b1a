'use strict';
const fs = require('node:fs');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian's Chromium, headless, with nothing that reaches out to Google's services.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function launchChromium() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium is not installed at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

module.exports = { launchChromium, CHROMIUM, FLAGS };
