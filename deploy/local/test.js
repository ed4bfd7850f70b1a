'use strict';
// `npm test`: brings up real FerretDB and Redis for this run only, runs every workspace's tests,
// removes the run's data and keys, and ends with one summary line.
if (require('./lib/node-runtime').relaunchOnSupportedNode()) return;
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { DATA_DIR, ROOT } = require('./lib/paths');
const { ensureDependencies, build } = require('./lib/setup');

const SUITE_PROJECTS = ['services', 'frontends', 'browser'];

/** One line for every jest run: tests passed and failed (a suite that failed to run counts as one). */
function summarise(resultFiles) {
  let passed = 0;
  let failed = 0;
  for (const file of resultFiles) {
    if (!fs.existsSync(file)) return 'Summary: no results (jest did not finish)';
    const results = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests || results.numFailedTestSuites;
  }
  return `Summary: ${passed} passed, ${failed} failed`;
}

async function main() {
  console.log(`Tests run on Node.js ${process.version}`);
  ensureDependencies();
  build();
  const { startFerretDB } = require('./lib/ferretdb');
  const { ensureRedis, removeKeys } = require('./lib/redis');
  const kustomize = require('./lib/kustomize').ensureKustomize();
  // built here, before any test runs, so that no browser test compiles it beside the others
  require('./lib/mailpit').ensureMailpit();

  const runId = `${Date.now().toString(36)}${process.pid}`;
  const runDir = path.join(DATA_DIR, `test-${runId}`);
  const prefix = `test:${runId}:`;
  const ferret = process.env.MONGODB_URI ? undefined : await startFerretDB({ dataDir: path.join(runDir, 'ferretdb') });
  const redis = await ensureRedis({ dataDir: path.join(runDir, 'redis') });
  const queryLogDir = path.join(runDir, 'queries');
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    MONGODB_URI: process.env.MONGODB_URI ?? ferret.uri,
    REDIS_URL: redis.url,
    REDIS_TEST_PREFIX: prefix,
    KUSTOMIZE_BIN: kustomize,
    QUERY_LOG_DIR: queryLogDir,
  };
  const jest = (resultsFile, args) =>
    spawnSync(process.execPath, [require.resolve('jest/bin/jest', { paths: [ROOT] }), '--json', `--outputFile=${resultsFile}`, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
      env,
    }).status ?? 1;
  const args = process.argv.slice(2);
  const resultFiles = [path.join(runDir, 'jest-results.json')];
  let status = 1;
  try {
    // --selectProjects takes every word after it, so the caller's paths go first
    const projects = args.some((arg) => arg.startsWith('--selectProjects')) ? [] : ['--selectProjects', ...SUITE_PROJECTS];
    status = jest(resultFiles[0], [...args, ...projects]);
    // The index check reads what the whole suite asked of the database, so it follows a full run.
    if (!args.length) {
      resultFiles.push(path.join(runDir, 'index-coverage-results.json'));
      status = jest(resultFiles[1], ['--selectProjects', 'index-coverage']) || status;
    }
  } finally {
    await removeKeys(redis.url, prefix).catch((error) => console.error(`could not remove test keys: ${error.message}`));
    if (ferret) await ferret.stop();
    await redis.stop();
  }
  const summary = summarise(resultFiles);
  fs.rmSync(runDir, { recursive: true, force: true });
  console.log(summary);
  process.exit(status);
}

main().catch((error) => {
  console.error(`npm test could not run: ${error.message}`);
  process.exit(1);
});
