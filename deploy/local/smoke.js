'use strict';
// `npm run smoke`: the README's path on a fresh copy of the project (deploy/local/smoke/journey.js),
// each step reported as it ends, closing with one `Smoke: N passed, N failed` line. Several
// minutes on a first run (npm ci, the builds, FerretDB from the Go cache); CI runs it after npm test.
const path = require('node:path');
const { run } = require('node:test');
const { spec } = require('node:test/reporters');

const counts = { passed: 0, failed: 0 };
const stream = run({ files: [path.join(__dirname, 'smoke', 'journey.js')], timeout: 30 * 60_000 });
stream.on('test:pass', (event) => event.details?.type !== 'suite' && counts.passed++);
stream.on('test:fail', (event) => event.details?.type !== 'suite' && counts.failed++);
const report = stream.compose(spec);
report.pipe(process.stdout, { end: false });
report.on('end', () => {
  console.log(`Smoke: ${counts.passed} passed, ${counts.failed} failed`);
  process.exitCode = counts.failed || !counts.passed ? 1 : 0;
});
