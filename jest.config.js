/** One jest run over every workspace; tests import workspace sources, not their builds. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/gateway', '<rootDir>/services', '<rootDir>/deploy'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  moduleNameMapper: {
    '^@portal/platform/testing$': '<rootDir>/services/platform/src/testing/index.ts',
    '^@portal/(contracts|platform)$': '<rootDir>/services/$1/src/index.ts',
  },
  testTimeout: 30_000,
  maxWorkers: 2,
};
