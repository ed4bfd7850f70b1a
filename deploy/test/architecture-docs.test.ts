import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_TABLE } from '../../gateway/src/routing/route-table';

/** docs/architecture.md's "Who owns which call" table: path, service, access, row by row. */
function ownershipTable(): string[][] {
  const doc = readFileSync(path.join(__dirname, '../../docs/architecture.md'), 'utf8');
  const section = doc.split('## Who owns which call')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^\|\s*`([^`]+)`\s*\|\s*([\w-]+)\s*\|\s*([\w, ]+?)\s*\|$/.exec(line))
    .filter((row) => row !== null)
    .map((row) => [row[1]!, row[2]!, row[3]!]);
}

describe('docs/architecture.md names the owner of every public call', () => {
  it('when its ownership table is read, then it is the gateway’s route table, rule by rule and in order', () => {
    const rules = ROUTE_TABLE.map((rule) => [
      rule.pattern,
      rule.service,
      `${rule.access}${rule.export ? ', export' : ''}${rule.apiKey ? ', API key' : ''}`,
    ]);
    expect(ownershipTable()).toEqual(rules);
  });
});
