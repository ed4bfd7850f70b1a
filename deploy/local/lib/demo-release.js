'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { signInAdmin } = require('./admin-sign-in');
const { ROOT } = require('./paths');

const DEMO_VERSION = '1.0.0';
const DEMO_SIZE = 2 * 1024 * 1024;
const NOTES = 'Placeholder installer published by npm start.';

/** A placeholder installer: a DOS stub header and a notice, padded to 2 MB. Not a working program. */
function placeholderInstaller() {
  const notice = Buffer.from(
    'MZ\r\nThis is a placeholder for the Tax Practitioner desktop installer, published by `npm start` so that the ' +
      'download page works out of the box. Publish the real installer with `npm run release:publish`.\r\n',
  );
  const bytes = Buffer.alloc(DEMO_SIZE, 0);
  notice.copy(bytes);
  return bytes;
}

/** Publishes the demo release through the admin API when no release exists yet, signed in as `admin` (its authenticator enrolled by the script). */
async function seedDemoRelease(gatewayUrl, admin) {
  const latest = await fetch(`${gatewayUrl}/api/download/latest-version`);
  if (latest.status !== 404) return undefined;
  const { token } = await signInAdmin(gatewayUrl, admin);
  const form = new FormData();
  form.set('version', DEMO_VERSION);
  form.set('notes', NOTES);
  form.set('file', new Blob([placeholderInstaller()]), 'setup.exe');
  const published = await fetch(`${gatewayUrl}/api/admin/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!published.ok) throw new Error(`the demo release was refused (${published.status}): ${await published.text()}`);
  return DEMO_VERSION;
}

/**
 * `npm start`'s placeholder, published with the download service's own command rather than as the
 * first admin: signing in would enrol that admin's authenticator, which is the person's to set up.
 */
async function seedDemoReleaseFromShell(gatewayUrl, { mongoUri, database = 'portal_download', releasesDir }) {
  const latest = await fetch(`${gatewayUrl}/api/download/latest-version`);
  if (latest.status !== 404) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-release-'));
  try {
    const file = path.join(dir, 'setup.exe');
    fs.writeFileSync(file, placeholderInstaller());
    const cli = path.join(ROOT, 'services', 'download', 'dist', 'cli', 'publish-release.js');
    const env = { ...process.env, MONGODB_URI: mongoUri, MONGODB_DB: database, RELEASES_DIR: releasesDir };
    const run = spawnSync(process.execPath, [cli, file, DEMO_VERSION, NOTES], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error((run.stderr || run.stdout).trim() || `exit ${run.status}`);
    return DEMO_VERSION;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { seedDemoRelease, seedDemoReleaseFromShell };
