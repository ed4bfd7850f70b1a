'use strict';
// `npm run smoke`: the README's path on a fresh copy of the project (deploy/local/smoke/journey.js),
// each step reported as it ends, closing with one `Smoke: N passed, N failed` line. Several
// minutes on a first run (npm ci, the builds, FerretDB from the Go cache); CI runs it after npm test.
if (require('./lib/node-runtime').relaunchOnSupportedNode()) return;
const path = require('node:path');
const { runSteps } = require('./lib/step-run');

runSteps(path.join(__dirname, 'smoke', 'journey.js'), 'Smoke', 30 * 60_000);
