import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Billing's capabilities reach each other only through their index.ts, and the shared kit reaches
 * none: a probe file is linted in each place with the repository's own configuration.
 */
describe('the lint walls between billing’s capabilities', () => {
  const root = path.resolve(__dirname, '../..');
  // The CLI, as `npm run lint` runs it (its configuration is an ES module, which jest's VM cannot load).
  const errorsOf = async (file: string, source: string): Promise<string[]> => {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', file, '--format', 'json'],
      {
        cwd: root,
        input: source,
        encoding: 'utf8',
      },
    );
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
    return result!.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
  };

  it.each([
    ['payments/domain', "import { creditOrder } from '../../subscriptions/domain/credit-order';", 'reaches subscriptions only through'],
    [
      'licensing/routes',
      "import { summarize } from '../../subscriptions/domain/subscription-status';",
      'reaches subscriptions only through',
    ],
    ['tax-documents/domain', "import { orderRepository } from '../../payments/data/order.repository';", 'reaches payments only through'],
    ['shared', "import { creditOrder } from '../subscriptions';", 'reaches subscriptions only through'],
    ['payments/domain', "import { orderRepository } from '../data/order.repository';", 'Domain code depends on no other layer'],
  ])('when %s imports past a wall (%s), then lint refuses it', async (folder, source, reason) => {
    const errors = await errorsOf(`services/billing/src/${folder}/probe.ts`, `${source}\nexport const probe = 1;\n`);
    expect(errors.some((message) => message.includes(reason))).toBe(true);
  });

  it('when a capability imports another through its index.ts, then lint lets it', async () => {
    const source = "import { creditOrder } from '../../subscriptions';\nexport const probe = creditOrder;\n";
    expect(await errorsOf('services/billing/src/payments/domain/probe.ts', source)).toEqual([]);
  });
});
