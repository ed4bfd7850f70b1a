'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { ROOT } = require('../lib/paths');

/**
 * Copies the project as a clone of this change would hold it: the files git tracks or would
 * track (untracked ones it does not ignore), never node_modules, .data, .tools or a build. So the
 * journey tests the working tree before it is committed, and CI (a clean clone) tests the commit.
 */
function freshCopy(destination) {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of new Set(listed.split('\0').filter(Boolean))) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree, not yet in the index
    fs.mkdirSync(path.dirname(path.join(destination, file)), { recursive: true });
    fs.copyFileSync(from, path.join(destination, file));
    fs.chmodSync(path.join(destination, file), fs.statSync(from).mode);
  }
}

module.exports = { freshCopy };
