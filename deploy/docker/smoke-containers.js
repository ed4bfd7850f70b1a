'use strict';
// `npm run smoke:containers`: the portal built into its image and run as a compose stack, each step
// of deploy/docker/smoke/journey.js reported as it ends, closing with one
// `Containers: N passed, N failed` line; the figures are in reports/containers.json (issue #53).
const path = require('node:path');
const { run } = require('node:test');
const { spec } = require('node:test/reporters');

const counts = { passed: 0, failed: 0 };
const stream = run({ files: [path.join(__dirname, 'smoke', 'journey.js')], timeout: 45 * 60_000 });
stream.on('test:pass', (event) => event.details?.type !== 'suite' && counts.passed++);
stream.on('test:fail', (event) => event.details?.type !== 'suite' && counts.failed++);
const report = stream.compose(spec);
report.pipe(process.stdout, { end: false });
report.on('end', () => {
  console.log(`Containers: ${counts.passed} passed, ${counts.failed} failed`);
  process.exitCode = counts.failed || !counts.passed ? 1 : 0;
});
