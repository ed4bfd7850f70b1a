'use strict';
// What a frontend's build read, as one hash: a build whose inputs are those of the build already
// in its output folder is skipped, so a second `npm start` on an unchanged checkout compiles nothing.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const STAMP = '.build-stamp';
/** Read by every frontend: the kit, the contracts' sources, the build's own code and the locked packages. */
const SHARED_INPUTS = [
  'frontends/ui/src',
  'frontends/ui/package.json',
  'services/contracts/src',
  'frontends/webpack.common.js',
  'frontends/federation.js',
  'frontends/build.js',
  'frontends/build-stamp.js',
  'package-lock.json',
];

function filesUnder(absolute) {
  if (!fs.statSync(absolute).isDirectory()) return [absolute];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The hash of an app's inputs (its folder without tests, the shared inputs), its build mode and the environment its config reads. */
function inputsHash(app, mode) {
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify({ mode, env: [process.env.PORTAL_REMOTE_URL, process.env.ADMIN_REMOTE_URL, process.env.PARTNER_REMOTE_URL] }));
  const appDir = path.join(ROOT, 'frontends', app);
  const own = fs.readdirSync(appDir).filter((name) => name !== 'test' && name !== 'node_modules');
  const files = [...own.map((name) => path.join(appDir, name)), ...SHARED_INPUTS.map((input) => path.join(ROOT, input))]
    .flatMap(filesUnder)
    .sort();
  for (const file of files) hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const stampFile = (outputDir) => path.join(outputDir, STAMP);

function isUpToDate(outputDir, hash) {
  try {
    return fs.readFileSync(stampFile(outputDir), 'utf8') === hash;
  } catch {
    return false;
  }
}

const writeStamp = (outputDir, hash) => fs.writeFileSync(stampFile(outputDir), hash);

module.exports = { inputsHash, isUpToDate, writeStamp, STAMP };
