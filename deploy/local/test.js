'use strict';
// `npm test`: brings up real FerretDB and Redis for this run only, runs every workspace's tests,
// removes the run's data and keys, and ends with one summary line.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { DATA_DIR, ROOT } = require('./lib/paths');
const { ensureDependencies, build } = require('./lib/setup');

async function main() {
  ensureDependencies();
  build();
  const { startFerretDB, FERRETDB_BINARY } = require('./lib/ferretdb');
  const { ensureRedis, removeKeys } = require('./lib/redis');
  const kustomize = require('./lib/kustomize').ensureKustomize();

  const runId = `${Date.now().toString(36)}${process.pid}`;
  const runDir = path.join(DATA_DIR, `test-${runId}`);
  const prefix = `test:${runId}:`;
  const ferret = process.env.MONGODB_URI ? undefined : await startFerretDB({ dataDir: path.join(runDir, 'ferretdb') });
  const redis = await ensureRedis({ dataDir: path.join(runDir, 'redis') });
  const resultsFile = path.join(runDir, 'jest-results.json');
  let status = 1;
  try {
    const jest = spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest', { paths: [ROOT] }), '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          MONGODB_URI: process.env.MONGODB_URI ?? ferret.uri,
          REDIS_URL: redis.url,
          REDIS_TEST_PREFIX: prefix,
          FERRETDB_BIN: FERRETDB_BINARY,
          KUSTOMIZE_BIN: kustomize,
        },
      },
    );
    status = jest.status ?? 1;
  } finally {
    await removeKeys(redis.url, prefix).catch((error) => console.error(`could not remove test keys: ${error.message}`));
    if (ferret) await ferret.stop();
    await redis.stop();
  }
  let summary = 'Summary: no results (jest did not finish)';
  if (fs.existsSync(resultsFile)) {
    const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    summary = `Summary: ${results.numPassedTests} passed, ${results.numFailedTests} failed`;
    if (results.numFailedTestSuites > 0 && results.numFailedTests === 0) {
      summary = `Summary: ${results.numPassedTests} passed, ${results.numFailedTestSuites} failed`;
    }
  }
  fs.rmSync(runDir, { recursive: true, force: true });
  console.log(summary);
  process.exit(status);
}

main().catch((error) => {
  console.error(`npm test could not run: ${error.message}`);
  process.exit(1);
});
