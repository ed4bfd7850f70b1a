import path from 'node:path';
import { logModelQueries } from '@portal/platform/testing';

// Set by `npm test` (deploy/local/test.js), which runs the suite's index check after the suite.
const dir = process.env.QUERY_LOG_DIR;
if (dir) {
  const log = logModelQueries(dir, path.relative(process.cwd(), expect.getState().testPath ?? 'unknown'));
  afterAll(() => log.save());
}
