'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { TOOLS_DIR } = require('./paths');
const { step } = require('./progress');

/** Where the Go program `name` is (or will be) built. */
const goToolPath = (name) => path.join(TOOLS_DIR, 'bin', name);

/**
 * A Go program built once into .tools/bin and rebuilt only when its pinned version changes (the
 * stamp beside the binary records which version it is). `build(binary)` writes the binary.
 */
function ensureGoTool({
  name,
  label,
  version,
  withoutGo,
  build,
  usually = 'under a minute with a warm Go cache, a few minutes on a first run',
}) {
  const binary = goToolPath(name);
  const stamp = `${binary}.version`;
  if (fs.existsSync(binary) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === version) return binary;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) throw new Error(withoutGo);
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  step(`Building ${label} ${version} into .tools/, once`, usually, () => build(binary));
  fs.writeFileSync(stamp, `${version}\n`);
  return binary;
}

module.exports = { ensureGoTool, goToolPath };
