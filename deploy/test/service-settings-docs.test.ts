import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { configSchema as adminReporting } from '../../services/admin-reporting/src/config';
import { configSchema as auth } from '../../services/auth/src/config';
import { configSchema as billing } from '../../services/billing/src/config';
import { configSchema as download } from '../../services/download/src/config';
import { configSchema as feedback } from '../../services/feedback/src/config';
import { configSchema as notifications } from '../../services/notifications/src/config';
import { configSchema as partners } from '../../services/partners/src/config';

/**
 * Each service's README lists its settings; this holds every table against the service's config
 * schema: the same variables, none missing or left over, and the default the schema applies.
 */
const SERVICES: Record<string, z.ZodObject> = {
  auth: auth as unknown as z.ZodObject,
  billing,
  download,
  feedback,
  'admin-reporting': adminReporting,
  notifications,
  partners,
};

interface Def {
  type: string;
  defaultValue?: unknown;
  in?: { _zod: { def: Def } };
  innerType?: { _zod: { def: Def } };
}

/** What the schema applies when the variable is absent: its default, 'optional', or 'required'. */
function whenAbsent(schema: z.ZodType): { default: unknown } | 'optional' | 'required' {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.type === 'default') return { default: def.defaultValue };
  if (def.type === 'optional') return 'optional';
  if (def.type === 'pipe' && def.in) return whenAbsent(def.in as unknown as z.ZodType);
  return 'required';
}

/** The README's configuration table: variable → its default column. */
function documented(service: string): Map<string, string> {
  const readme = readFileSync(path.join(__dirname, '../../services', service, 'README.md'), 'utf8');
  const section = readme.split('## Configuration')[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').map((line) => /^\|\s*`([A-Z0-9_]+)`\s*\|([^|]*)\|/.exec(line));
  return new Map(rows.filter((row) => row !== null).map((row) => [row![1]!, row![2]!.trim()]));
}

describe('each service README lists the settings its config schema reads', () => {
  it.each(Object.keys(SERVICES))('when the %s README is read, then its table names every variable and the default applied', (service) => {
    const shape = SERVICES[service]!.shape as Record<string, z.ZodType>;
    const table = documented(service);
    expect([...table.keys()].sort()).toEqual(Object.keys(shape).sort());
    const wrong: string[] = [];
    for (const [name, schema] of Object.entries(shape)) {
      const absent = whenAbsent(schema);
      const cell = table.get(name) ?? '';
      if (absent === 'required' && !cell.includes('required')) wrong.push(`${name}: required, the README says ${cell}`);
      if (typeof absent === 'object' && !cell.includes(`\`${String(absent.default)}\``))
        wrong.push(`${name}: defaults to ${String(absent.default)}, the README says ${cell}`);
    }
    expect(wrong).toEqual([]);
  });
});
