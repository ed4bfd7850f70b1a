'use strict';
// `npm run release:publish -- <installer.exe> <version> [notes]`: publishes an installer into the
// portal's download service from a shell. With `npm start` running it finds the embedded database
// itself; otherwise set MONGODB_URI (and RELEASES_DIR) as the download service has them.
if (require('./lib/node-runtime').relaunchOnSupportedNode()) return;
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { DATA_DIR, ROOT } = require('./lib/paths');
const { ensureDependencies, build, loadDotEnv } = require('./lib/setup');

loadDotEnv();
ensureDependencies();
build();
const runtimeFile = path.join(DATA_DIR, 'runtime.json');
const runtime = fs.existsSync(runtimeFile) ? JSON.parse(fs.readFileSync(runtimeFile, 'utf8')) : {};
const env = {
  ...process.env,
  MONGODB_URI: process.env.MONGODB_URI ?? runtime.MONGODB_URI,
  RELEASES_DIR: process.env.RELEASES_DIR ?? path.join(DATA_DIR, 'releases'),
};
if (!env.MONGODB_URI) {
  console.error('No database to publish into: start the portal with `npm start`, or set MONGODB_URI.');
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [path.join(ROOT, 'services', 'download', 'dist', 'cli', 'publish-release.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', env },
);
process.exit(result.status ?? 1);
