import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const SERVICES = ['auth', 'billing', 'download', 'feedback', 'admin-reporting', 'notifications', 'partners'];
/**
 * Auth, billing and notifications hold several capabilities, each a folder with its own layers
 * (practica's components); a service's `shared` is the kit they all use (billing's: ports for the
 * lock, mail and the user directory; auth's: the people, their tokens, passwords and guesses).
 */
const CAPABILITIES = {
  auth: ['accounts', 'sign-in', 'second-factors', 'admins', 'firms', 'devices', 'partner-staff', 'api-keys', 'shared'],
  billing: ['subscriptions', 'payments', 'promotions', 'bank-transfers', 'tax-documents', 'licensing', 'reporting', 'shared'],
  notifications: ['delivery', 'preferences', 'phones', 'webhooks'],
  partners: ['partners', 'attribution', 'commission', 'shared'],
};
const layer = (service, folder) =>
  CAPABILITIES[service]
    ? CAPABILITIES[service].map((capability) => `./services/${service}/src/${capability}/${folder}`)
    : `./services/${service}/src/${folder}`;
/**
 * `x as unknown as T` tells the compiler nothing holds: application code types the value instead
 * (a schema, a narrower port, the library's own type). Tests may still forge a wrong value on purpose.
 */
const DOUBLE_CAST = {
  selector: "TSAsExpression[expression.type='TSAsExpression'][expression.typeAnnotation.type='TSUnknownKeyword']",
  message: 'No `as unknown as`: type the value (a schema, a narrower type, the library’s own) rather than silence the compiler.',
};
const WIRING = ['app.ts', 'compose.ts', 'index.ts', 'worker.ts'];
const unique = (paths) => [...new Set(paths)];

/**
 * The layers as walls (docs/architecture.md): routes → domain ← data and clients. Domain code
 * knows no other layer; routes never reach data or clients past the use cases; data and clients
 * never call back into routes or jobs. Only the composition root (app, compose, index, worker)
 * sees every layer. Frontends reach the services only through their contracts.
 */
const LAYER_ZONES = SERVICES.flatMap((service) => [
  {
    target: layer(service, 'domain'),
    from: unique([
      ...['routes', 'data', 'clients', 'documents', 'jobs', 'security', 'cli', 'wiring.ts'].flatMap((folder) => layer(service, folder)),
      ...['jobs', 'config.ts', ...WIRING].map((file) => `./services/${service}/src/${file}`),
    ]),
    message: 'Domain code depends on no other layer: declare a port in domain/ports.ts and let the composition root pass the adapter in.',
  },
  {
    // keys and signers (security/) are adapters: a route or a job reaches them through a use case
    target: unique([layer(service, 'routes'), layer(service, 'jobs'), `./services/${service}/src/jobs`].flat()),
    from: layer(service, 'security'),
    message: 'Routes and jobs call use cases; security adapters are wired into use cases by the composition root.',
  },
  {
    target: layer(service, 'routes'),
    from: [layer(service, 'data'), layer(service, 'clients'), layer(service, 'documents')].flat(),
    message: 'Routes call use cases, not data access or clients.',
  },
  {
    target: [layer(service, 'data'), layer(service, 'clients'), layer(service, 'documents')].flat(),
    from: unique([layer(service, 'routes'), layer(service, 'jobs'), `./services/${service}/src/jobs`].flat()),
    message: 'Data access and clients are called by use cases; they do not call routes or jobs.',
  },
]);
/**
 * Walls between a service's capabilities: one reaches another only through its index.ts, the
 * public face it chooses to show (use cases, pure rules, port types); `shared` reaches none.
 */
const CAPABILITY_ZONES = Object.entries(CAPABILITIES).flatMap(([service, capabilities]) =>
  capabilities.flatMap((capability) =>
    capabilities
      .filter((other) => other !== capability && other !== 'shared')
      .map((other) => ({
        target: `./services/${service}/src/${capability}`,
        from: `./services/${service}/src/${other}`,
        except: capability === 'shared' ? [] : ['./index.ts'],
        message: `The ${capability} capability reaches ${other} only through ${other}/index.ts.`,
      })),
  ),
);
/**
 * The capabilities below each one, the only ones it may see (through their index.ts): calls run one
 * way, and what a lower capability needs of a higher one comes in through a port it owns.
 */
const BELOW = {
  auth: {
    accounts: [],
    'sign-in': ['devices'],
    'second-factors': [],
    admins: ['second-factors'],
    firms: [],
    devices: [],
    'partner-staff': [],
    'api-keys': [],
  },
  billing: {
    subscriptions: [],
    'tax-documents': [],
    promotions: ['subscriptions', 'tax-documents'],
    licensing: ['subscriptions'],
    payments: ['promotions', 'subscriptions', 'tax-documents'],
    'bank-transfers': ['payments', 'tax-documents'],
    reporting: ['licensing', 'payments', 'subscriptions', 'tax-documents'],
  },
  notifications: { preferences: [], phones: ['preferences'], delivery: ['preferences', 'phones'], webhooks: [] },
  partners: { partners: [], attribution: ['partners'], commission: ['partners', 'attribution'] },
};
const ORDER_ZONES = Object.entries(BELOW).flatMap(([service, below]) =>
  Object.entries(below).flatMap(([capability, allowed]) =>
    Object.keys(below)
      .filter((other) => other !== capability && !allowed.includes(other))
      .map((other) => ({
        target: `./services/${service}/src/${capability}`,
        from: `./services/${service}/src/${other}`,
        message: `The ${capability} capability sees only the capabilities below it (${allowed.join(', ') || 'none'}), not ${other}: let ${capability} own a port that ${other} fills.`,
      })),
  ),
);
/** A service reaches another only over HTTP (/internal/*) and events; never into its source. */
const SERVICE_ZONES = SERVICES.flatMap((service) =>
  SERVICES.filter((other) => other !== service).map((other) => ({
    target: `./services/${service}`,
    from: `./services/${other}`,
    message: `The ${service} service reaches ${other} over /internal/* or events, not through its source.`,
  })),
);
const FRONTEND_ZONES = [
  {
    target: ['./frontends/ui', './frontends/shell', './frontends/portal', './frontends/admin'],
    from: './services',
    except: ['./contracts'],
    message: 'Frontends use the services only through @portal/contracts.',
  },
];
/**
 * Walls between the features of the portal and the admin (bulletproof-react's rule): a feature
 * imports no other; pages compose features, and what several share lives in the app's
 * `components/` or `lib/`, or in the kit (@portal/ui).
 */
const featuresOf = (app) => readdirSync(`frontends/${app}/src/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory());
const FEATURE_ZONES = ['portal', 'admin'].flatMap((app) =>
  featuresOf(app).map(({ name }) => ({
    target: `./frontends/${app}/src/features/${name}`,
    from: `./frontends/${app}/src/features`,
    except: [`./${name}`],
    message:
      'A feature imports no other feature: the page composes them (pass one in as a prop), or move what both need to components/, lib/ or @portal/ui.',
  })),
);
/** Frameworks domain code may name as types only: at run time a use case loads none of them. */
const FRAMEWORKS = [
  ...['express', 'mongoose', 'bullmq', 'ioredis', 'axios', 'pino', 'nodemailer', 'jose', 'jsonwebtoken', '@portal/platform'].map(
    (name) => ({
      name,
      allowTypeImports: true,
      message: `Domain code loads no framework: errors come from '@portal/platform/errors', the clock from '@portal/platform/clock' and e-mails' layout from '@portal/platform/mail-layout'; ${name} may be named as a type only.`,
    }),
  ),
  { name: '@portal/platform/testing', message: 'The test kit is for tests: domain code never loads it.' },
];

/**
 * A workspace reaches another by its package name and the subpaths its package.json exports
 * (`@portal/ui/pager`), never by a relative path into its src/, which would pass every wall above.
 */
const WORKSPACE_SOURCE = {
  regex: '^\\.\\./(.*/)?src(/|$)',
  message: "Import another workspace by its package name and the subpaths its package.json exports (e.g. '@portal/ui/pager').",
};

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
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...LAYER_ZONES, ...CAPABILITY_ZONES, ...ORDER_ZONES, ...SERVICE_ZONES, ...FRONTEND_ZONES, ...FEATURE_ZONES] },
      ],
    },
  },
  {
    files: ['services/*/src/domain/**/*.ts', 'services/*/src/*/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: FRAMEWORKS }] },
  },
  {
    // every use case fits on a screen: a factory composes steps that live beside it
    files: ['services/billing/src/*/domain/**/*.ts', 'services/auth/src/*/domain/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'frontends/*/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WORKSPACE_SOURCE] }] },
  },
  {
    files: ['frontends/*/src/**/*.{ts,tsx}'],
    ignores: ['frontends/ui/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-router-dom', message: "Import the router from '@portal/ui' (see frontends/ui/src/router.ts)." }],
          patterns: [WORKSPACE_SOURCE],
        },
      ],
    },
  },
  {
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'frontends/*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', DOUBLE_CAST],
      // a comment says the reason itself; the tracker that asked is not in the repository
      'no-warning-comments': ['error', { terms: ['issue #'], location: 'anywhere' }],
    },
  },
  {
    // one money unit: amounts are paise, and only contracts' money.ts turns them into rupees
    files: ['services/*/src/**/*.ts', 'frontends/*/src/**/*.{ts,tsx}'],
    ignores: ['services/contracts/src/money.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        DOUBLE_CAST,
        {
          selector: "BinaryExpression[operator='/'][right.value=100]",
          message: 'Amounts are paise: rupeesOf, formatPaise or toNearestPaisa from @portal/contracts, not a division by 100.',
        },
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
