/** One jest run over every workspace; tests import workspace sources, not their builds. */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx }, target: 'es2022', transform: tsx ? { react: { runtime: 'automatic' } } : undefined },
    module: { type: 'commonjs' },
  },
];
// Packages that ship as ES modules only (otplib's base32 and hashes, the gateway's proxy library):
// Node requires them as they are, jest's module registry needs them compiled.
const ESM_ONLY = '@scure|@noble|http-proxy-middleware|httpxy|is-plain-obj|jose|cookie|@tus|srvx|whatsapp-api-js';
const esmOnly = {
  transform: {
    [`/node_modules/(${ESM_ONLY})/.+\\.m?js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`^(?!.*/node_modules/(${ESM_ONLY})/).*/node_modules/`],
};
const contracts = {
  '^@portal/contracts$': '<rootDir>/services/contracts/src/index.ts',
  '^@portal/contracts/internal$': '<rootDir>/services/contracts/src/internal/index.ts',
};
const services = {
  ...contracts,
  '^@portal/platform/testing$': '<rootDir>/services/platform/src/testing/index.ts',
  '^@portal/platform/errors$': '<rootDir>/services/platform/src/errors/index.ts',
  '^@portal/platform/clock$': '<rootDir>/services/platform/src/lifecycle/clock.ts',
  '^@portal/platform/mail-layout$': '<rootDir>/services/platform/src/mail/compose-mail.ts',
  '^@portal/platform$': '<rootDir>/services/platform/src/index.ts',
};

module.exports = {
  testTimeout: 30_000,
  maxWorkers: 2,
  projects: [
    {
      displayName: 'services',
      testEnvironment: 'node',
      roots: ['<rootDir>/gateway', '<rootDir>/services', '<rootDir>/deploy'],
      testMatch: ['**/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc(false), ...esmOnly.transform },
      transformIgnorePatterns: esmOnly.transformIgnorePatterns,
      setupFilesAfterEnv: ['<rootDir>/services/platform/test/query-log.setup.ts'],
      moduleNameMapper: services,
    },
    {
      // Run by `npm test` after the others: it reads the queries they logged.
      displayName: 'index-coverage',
      testEnvironment: 'node',
      roots: ['<rootDir>/services/platform/suite-checks'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.ts$': swc(false) },
      moduleNameMapper: services,
    },
    {
      displayName: 'frontends',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/frontends'],
      testMatch: ['**/test/**/*.test.tsx', '**/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.e2e\\.test\\.ts$'],
      transform: { '^.+\\.tsx?$': swc(true) },
      setupFilesAfterEnv: ['<rootDir>/frontends/test-setup.ts'],
      moduleNameMapper: {
        ...contracts,
        '\\.css$': '<rootDir>/frontends/style-stub.js',
      },
    },
    {
      displayName: 'browser',
      testEnvironment: 'node',
      roots: ['<rootDir>/frontends'],
      testMatch: ['**/*.e2e.test.ts'],
      transform: { '^.+\\.ts$': swc(false), ...esmOnly.transform },
      transformIgnorePatterns: esmOnly.transformIgnorePatterns,
      moduleNameMapper: services,
    },
  ],
};
