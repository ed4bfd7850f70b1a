'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { TOOLS_DIR } = require('./paths');
const { run } = require('./processes');

const PACKAGE = 'sigs.k8s.io/kustomize/kustomize/v5';
// An exact version: the module proxy here refuses version lists, so @latest cannot resolve.
const VERSION = 'v5.4.3';
const BINARY = path.join(TOOLS_DIR, 'bin', 'kustomize');
const STAMP = `${BINARY}.version`;

/** Builds kustomize once into .tools/bin, for the test that renders deploy/k8s. */
function ensureKustomize() {
  if (fs.existsSync(BINARY) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8').trim() === VERSION) return BINARY;
  const go = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (go.error || go.status !== 0) throw new Error('Go is needed to build kustomize for the deployment tests: install Go 1.24 or later.');
  console.log(`Building kustomize ${VERSION} into .tools/ (once)…`);
  fs.mkdirSync(path.dirname(BINARY), { recursive: true });
  run('go', ['install', `${PACKAGE}@${VERSION}`], { env: { ...process.env, GOBIN: path.dirname(BINARY) } });
  fs.writeFileSync(STAMP, `${VERSION}\n`);
  return BINARY;
}

module.exports = { ensureKustomize, KUSTOMIZE_BINARY: BINARY };
