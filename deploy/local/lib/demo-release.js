'use strict';

const DEMO_VERSION = '1.0.0';
const DEMO_SIZE = 2 * 1024 * 1024;

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

/** Publishes the demo release through the admin API when no release exists yet. */
async function seedDemoRelease(gatewayUrl, admin) {
  const latest = await fetch(`${gatewayUrl}/api/download/latest-version`);
  if (latest.status !== 404) return undefined;
  const login = await fetch(`${gatewayUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!login.ok) throw new Error(`could not sign in as ${admin.email} to publish the demo release (${login.status})`);
  const { token } = await login.json();
  const form = new FormData();
  form.set('version', DEMO_VERSION);
  form.set('notes', 'Placeholder installer published by npm start.');
  form.set('file', new Blob([placeholderInstaller()]), 'setup.exe');
  const published = await fetch(`${gatewayUrl}/api/admin/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!published.ok) throw new Error(`the demo release was refused (${published.status}): ${await published.text()}`);
  return DEMO_VERSION;
}

module.exports = { seedDemoRelease };
