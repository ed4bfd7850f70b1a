import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const SERVICES = ['auth', 'billing', 'download', 'feedback', 'admin-reporting'];
const layer = (service, folder) => `./services/${service}/src/${folder}`;
const WIRING = ['app.ts', 'compose.ts', 'index.ts', 'worker.ts'];

/**
 * The layers as walls (docs/architecture.md): routes → domain ← data and clients. Domain code
 * knows no other layer; routes never reach data or clients past the use cases; data and clients
 * never call back into routes or jobs. Only the composition root (app, compose, index, worker)
 * sees every layer. Frontends reach the services only through their contracts.
 */
const LAYER_ZONES = SERVICES.flatMap((service) => [
  {
    target: layer(service, 'domain'),
    from: [
      ...['routes', 'data', 'clients', 'documents', 'jobs', 'security', 'cli'].map((folder) => layer(service, folder)),
      ...WIRING.map((file) => layer(service, file)),
    ],
    message: 'Domain code depends on no other layer: declare a port in domain/ports.ts and let the composition root pass the adapter in.',
  },
  {
    target: layer(service, 'routes'),
    from: [layer(service, 'data'), layer(service, 'clients'), layer(service, 'documents')],
    message: 'Routes call use cases, not data access or clients.',
  },
  {
    target: [layer(service, 'data'), layer(service, 'clients'), layer(service, 'documents')],
    from: [layer(service, 'routes'), layer(service, 'jobs')],
    message: 'Data access and clients are called by use cases; they do not call routes or jobs.',
  },
]);
const FRONTEND_ZONES = [
  {
    target: ['./frontends/ui', './frontends/shell', './frontends/portal', './frontends/admin'],
    from: './services',
    except: ['./contracts'],
    message: 'Frontends use the services only through @portal/contracts.',
  },
];
/** Frameworks domain code may name as types only: at run time a use case loads none of them. */
const FRAMEWORKS = ['express', 'mongoose', 'bullmq', 'ioredis', 'axios', 'pino', 'nodemailer', '@portal/platform'].map((name) => ({
  name,
  allowTypeImports: true,
  message: `Domain code loads no framework: errors come from '@portal/platform/errors'; ${name} may be named as a type only.`,
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.tools/**', '**/*.d.ts', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/order': ['warn', { groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'] }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: [...LAYER_ZONES, ...FRONTEND_ZONES] }],
    },
  },
  {
    files: ['services/*/src/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: FRAMEWORKS }] },
  },
  {
    files: ['frontends/*/src/**/*.{ts,tsx}'],
    ignores: ['frontends/ui/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router-dom', message: "Import the router from '@portal/ui' (see frontends/ui/src/router.ts)." }] },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
