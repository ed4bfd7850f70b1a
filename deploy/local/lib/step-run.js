'use strict';
const { run } = require('node:test');
const { spec } = require('node:test/reporters');

/**
 * Runs a journey file of steps (node:test), each reported as it ends, and closes with one
 * `<label>: N passed, N failed` line, which CI reads; the exit code fails on a failed step or none.
 */
function runSteps(file, label, timeoutMs) {
  const counts = { passed: 0, failed: 0 };
  const stream = run({ files: [file], timeout: timeoutMs });
  stream.on('test:pass', (event) => event.details?.type !== 'suite' && counts.passed++);
  stream.on('test:fail', (event) => event.details?.type !== 'suite' && counts.failed++);
  const report = stream.compose(spec);
  report.pipe(process.stdout, { end: false });
  report.on('end', () => {
    console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed`);
    process.exitCode = counts.failed || !counts.passed ? 1 : 0;
  });
}

module.exports = { runSteps };
