'use strict';
const path = require('node:path');
const { ensureGoTool } = require('./go-tool');
const { runQuiet } = require('./processes');

const PACKAGE = 'sigs.k8s.io/kustomize/kustomize/v5';
// An exact version: the module proxy here refuses version lists, so @latest cannot resolve.
const VERSION = 'v5.4.3';

/** Builds kustomize once into .tools/bin, for the test that renders deploy/k8s. */
function ensureKustomize() {
  return ensureGoTool({
    name: 'kustomize',
    label: 'kustomize',
    version: VERSION,
    withoutGo: 'Go is needed to build kustomize for the deployment tests: install Go 1.24 or later.',
    build: (binary) => runQuiet('go', ['install', `${PACKAGE}@${VERSION}`], { env: { ...process.env, GOBIN: path.dirname(binary) } }),
  });
}

module.exports = { ensureKustomize };
