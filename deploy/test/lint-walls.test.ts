import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Each probe: where the file would sit, the import it tries, and the wall that must refuse it. */
const FORBIDDEN: [string, string, string][] = [
  [
    'services/auth/src/accounts/domain/probe.ts',
    "import { userRepository } from '../data/user.repository';",
    'Domain code depends on no other layer',
  ],
  [
    'services/feedback/src/domain/probe.ts',
    "import { feedbackRoutes } from '../routes/feedback.routes';",
    'Domain code depends on no other layer',
  ],
  ['services/auth/src/accounts/domain/probe.ts', "import { configSchema } from '../../config';", 'Domain code depends on no other layer'],
  ['services/auth/src/sign-in/domain/probe.ts', "import express from 'express';", 'Domain code loads no framework'],
  ['services/auth/src/accounts/domain/probe.ts', "import { jwtVerify } from 'jose';", 'Domain code loads no framework'],
  [
    'services/auth/src/firms/domain/probe.ts',
    "import { createTestDatabase } from '@portal/platform/testing';",
    'The test kit is for tests',
  ],
  ['services/auth/src/accounts/routes/probe.ts', "import { userRepository } from '../data/user.repository';", 'Routes call use cases'],
  [
    'services/auth/src/accounts/data/probe.ts',
    "import { profileRoutes } from '../routes/profile.routes';",
    'Data access and clients are called by use cases',
  ],
  [
    'services/auth/src/sign-in/routes/probe.ts',
    "import { argon2Hasher } from '../../shared/security/password-hasher';",
    'security adapters are wired into use cases',
  ],
  [
    'services/auth/src/firms/domain/probe.ts',
    "import { userRepository } from '../../accounts/data/user.repository';",
    'The firms capability reaches accounts only through accounts/index.ts',
  ],
  [
    'services/auth/src/admins/domain/probe.ts',
    "import { provePasskey } from '../../second-factors/domain/passkey-proofs';",
    'The admins capability reaches second-factors only through second-factors/index.ts',
  ],
  [
    'services/auth/src/sign-in/routes/probe.ts',
    "import { deviceRoutes } from '../../devices/routes/device.routes';",
    'The sign-in capability reaches devices only through devices/index.ts',
  ],
  ['services/auth/src/shared/probe.ts', "import { firmUseCases } from '../firms/domain/firm.use-cases';", 'reaches firms only through'],
  [
    'services/billing/src/licensing/routes/probe.ts',
    "import { createLicenseSigner } from '../security/license-signer';",
    'security adapters are wired into use cases',
  ],
  [
    'services/download/src/domain/probe.ts',
    "import { compose } from '../../../billing/src/compose';",
    'The download service reaches billing over /internal/*',
  ],
  [
    'services/billing/src/payments/domain/probe.ts',
    "import { creditOrder } from '../../subscriptions/domain/credit-order';",
    'reaches subscriptions only through',
  ],
  [
    'services/billing/src/tax-documents/domain/probe.ts',
    "import { orderRepository } from '../../payments/data/order.repository';",
    'reaches payments only through',
  ],
  [
    'services/notifications/src/delivery/domain/probe.ts',
    "import { preferenceRepository } from '../../preferences/data/preference.repository';",
    'reaches preferences only through',
  ],
  ['services/billing/src/shared/probe.ts', "import { creditOrder } from '../subscriptions';", 'reaches subscriptions only through'],
  [
    'services/partners/src/partners/domain/probe.ts',
    "import type { AttributionUseCases } from '../../attribution';",
    'The partners capability sees only the capabilities below it (none), not attribution',
  ],
  [
    'services/partners/src/commission/domain/probe.ts',
    "import { attributionRepository } from '../../attribution/data/attribution.repository';",
    'reaches attribution only through',
  ],
  [
    'services/auth/src/partner-staff/domain/probe.ts',
    "import type { FirmDeps } from '../../firms/domain/ports';",
    'reaches firms only through',
  ],
  ['services/billing/src/subscriptions/probe.ts', "import { wirePayments } from '../payments/wiring';", 'reaches payments only through'],
  [
    'services/billing/src/subscriptions/domain/probe.ts',
    "import type { OrderStore } from '../../payments';",
    'The subscriptions capability sees only the capabilities below it (none), not payments',
  ],
  [
    'services/billing/src/payments/domain/probe.ts',
    "import type { bankTransferOrders } from '../../bank-transfers';",
    'The payments capability sees only the capabilities below it (promotions, subscriptions, tax-documents), not bank-transfers',
  ],
  [
    'services/auth/src/devices/domain/probe.ts',
    "import type { Proof } from '../../second-factors';",
    'The devices capability sees only the capabilities below it (none), not second-factors',
  ],
  ['services/billing/src/payments/domain/probe.ts', "import { wirePayments } from '../wiring';", 'Domain code depends on no other layer'],
  [
    'frontends/portal/src/pages/probe.ts',
    "import { compose } from '../../../../services/auth/src/compose';",
    'Frontends use the services only through @portal/contracts',
  ],
  [
    'frontends/admin/src/features/users/components/probe.ts',
    "import { Pager } from '../../../../../ui/src/components/Pager';",
    'Import another workspace by its package name',
  ],
  [
    'frontends/shell/src/app/probe.ts',
    "import { PORTAL_PAGES } from '../../../portal/src/exposed-pages';",
    'Import another workspace by its package name',
  ],
  ['services/auth/src/probe.ts', "import { errors } from '../../platform/src/errors';", 'Import another workspace by its package name'],
  [
    'frontends/portal/src/features/firms/components/probe.ts',
    "import { BillingHistory } from '../../billing/components/BillingHistory';",
    'A feature imports no other feature',
  ],
  [
    'frontends/admin/src/features/users/probe.ts',
    "import { analyticsKeys } from '../analytics/api';",
    'A feature imports no other feature',
  ],
  ['services/billing/src/payments/domain/probe.ts', 'export const rupees = (paise: number) => paise / 100;', 'Amounts are paise'],
  ['gateway/src/http/probe.ts', "export const port = '8080' as unknown as number;", 'No `as unknown as`'],
  ['services/billing/src/payments/domain/probe.ts', "export const port = '8080' as unknown as number;", 'No `as unknown as`'],
  [
    'frontends/portal/src/features/subscription/probe.ts',
    'export const shown = (amountPaise: number) => amountPaise / 100;',
    'Amounts are paise',
  ],
  [
    'services/billing/src/payments/domain/probe.ts',
    `export function longUseCase() {\n${'  void 0;\n'.repeat(60)}}`,
    "Function 'longUseCase' has too many lines (62). Maximum allowed is 60",
  ],
  [
    'services/auth/src/sign-in/domain/probe.ts',
    `export function longUseCase() {\n${'  void 0;\n'.repeat(60)}}`,
    "Function 'longUseCase' has too many lines (62). Maximum allowed is 60",
  ],
];
const ALLOWED: [string, string][] = [
  ['services/billing/src/payments/domain/probe.ts', "import { creditOrder } from '../../subscriptions';"],
  ['services/auth/src/admins/domain/probe.ts', "import { provePasskey } from '../../second-factors';"],
  ['services/auth/src/sign-in/domain/probe.ts', "import type { Request } from 'express';"],
  ['services/auth/src/sign-in/domain/probe.ts', "import { signedInPerson } from '../../shared/signed-in-person';"],
  ['frontends/admin/src/features/users/components/probe.ts', "import { Pager } from '@portal/ui/pager';"],
  ['services/contracts/src/money.ts', 'export const rupees = (paise: number) => paise / 100;'],
  ['services/billing/src/payments/domain/probe.ts', `export function shortUseCase() {\n${'  void 0;\n'.repeat(58)}}`],
  ['frontends/portal/src/pages/probe.ts', "import { BillingHistory } from '../features/billing/components/BillingHistory';"],
  ['frontends/portal/src/features/firms/components/probe.ts', "import { useFirm } from '../api';"],
];

/**
 * The lint walls, probed: each forbidden import is linted as a file in its place with the
 * repository's own configuration and must be refused with its wall's message, so a wall cannot
 * open again unnoticed; imports the walls allow must pass. One ESLint process lints them all (its
 * configuration is an ES module, which jest's module VM cannot load).
 */
function lint(probes: [string, string][]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const probes = JSON.parse(process.argv[1]);
    const eslint = new ESLint();
    const walls = ['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports', 'no-restricted-imports', 'no-restricted-syntax', 'max-lines-per-function'];
    const out = [];
    for (const [file, source] of probes) {
      const [result] = await eslint.lintText(source + '\\nexport const probe = 1;\\n', { filePath: file });
      out.push(result.messages.filter((m) => walls.includes(m.ruleId)).map((m) => m.message));
    }
    console.log(JSON.stringify(out));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(probes)], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

describe('the lint walls (eslint.config.mjs)', () => {
  let refused: string[][];
  let allowed: string[][];
  beforeAll(() => {
    [refused, allowed] = [lint(FORBIDDEN.map(([file, source]) => [file, source])), lint(ALLOWED)];
  }, 60_000);

  it.each(FORBIDDEN.map((probe, index) => [probe[0], probe[1], probe[2], index] as const))(
    'when %s imports %s, then lint refuses it: "%s"',
    (_file, _source, reason, index) => {
      expect(refused[index]!.some((message) => message.includes(reason))).toBe(true);
    },
  );

  it('when a capability imports another through its index or its service’s shared kit, domain code names a framework as a type, a frontend imports a kit subpath, money.ts turns paise into rupees, a use case fits on a screen, a page composes features or a feature uses its own api, then lint lets it', () => {
    expect(allowed).toEqual(ALLOWED.map(() => []));
  });
});
