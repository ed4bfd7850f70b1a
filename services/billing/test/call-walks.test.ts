import { readFileSync, readdirSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import request from 'supertest';
import { newUserId, startBilling, type BillingHarness } from './billing-harness';

const SRC = path.resolve(__dirname, '../src');
const ARCHITECTURE = path.resolve(__dirname, '../../../docs/architecture.md');
/** Where a store's adapter meets the port a use case names: the reader crosses there. */
const WIRING = /(^|\/)(wiring|compose|billing-kit)\.ts$/;

/** The files a walk in docs/architecture.md names, in order, between its markers. */
function statedWalk(name: string): string[] {
  const text = readFileSync(ARCHITECTURE, 'utf8');
  const start = text.indexOf(`<!-- walk: ${name} -->`);
  const end = text.indexOf('<!-- /walk -->', start);
  if (start < 0 || end < 0) throw new Error(`docs/architecture.md states no walk "${name}"`);
  return [...text.slice(start, end).matchAll(/^\s*\d+\. `([\w./-]+\.ts)`/gm)].map((match) => match[1]!);
}

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesIn(path.join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [path.relative(SRC, path.join(dir, entry.name))]
        : [],
  );
const SOURCES = new Set(filesIn(SRC));

/** Each file's relative imports, as files under src/ ('payments/domain/ports.ts'). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((match) => {
    const target = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), match[1]!));
    return SOURCES.has(`${target}.ts`) ? `${target}.ts` : `${target}/index.ts`;
  });
}

/**
 * The files of billing whose code runs while `work` does: V8's precise coverage, reset just before,
 * read just after. Re-export indexes are left out: they hold no step, only the walls' doors.
 */
async function walked(session: Session, work: () => Promise<unknown>): Promise<string[]> {
  await session.post('Profiler.takePreciseCoverage');
  await work();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  return result
    .map((script) => ({ file: path.relative(SRC, script.url.replace(/^file:\/\//, '')), functions: script.functions }))
    .filter(({ file }) => !file.startsWith('..') && !file.endsWith('index.ts'))
    .filter(({ functions }) => functions.some((fn) => fn.ranges[0]!.count > 0))
    .map(({ file }) => file)
    .sort();
}

/**
 * Whether a reader who has opened `before` finds `file` by its imports: directly, through the type
 * doors between them (a capability's index.ts, a ports.ts), or where a wiring file connects a
 * port to its adapter (a wiring that imports both `file` and a file already open).
 */
function reachedByReading(before: string[], file: string): boolean {
  const seen = new Set<string>();
  const queue = [...before];
  while (queue.length) {
    const current = queue.shift()!;
    for (const next of importsOf(current)) {
      if (next === file) return true;
      if (!seen.has(next) && /(^|\/)(index|ports)\.ts$/.test(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const wiring = [...SOURCES].filter((source) => WIRING.test(source));
  return wiring.some((root) => importsOf(root).includes(file) && before.some((earlier) => importsOf(root).includes(earlier)));
}

describe('the walks docs/architecture.md states, held against the code that runs', () => {
  let billing: BillingHarness;
  const session = new Session();
  beforeAll(async () => {
    billing = await startBilling('walks');
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  });
  afterAll(async () => {
    await session.post('Profiler.stopPreciseCoverage');
    session.disconnect();
    await billing.close();
  });

  const placeOrder = (token: string) =>
    request(billing.url)
      .post('/api/payment/create-phonepe-order')
      .set('Authorization', `Bearer ${token}`)
      .send({ plan: 'professional', billingPeriod: 'annual' });

  it('when a person buys a plan, then the billing files whose code runs from the route to the stored order and the checkout are exactly the walk stated, at most 12, each reached by reading the imports from the files before it', async () => {
    // a first order loads what a process loads once (the plans, the keys); the walk is the second's
    expect((await placeOrder(billing.addUser(newUserId(), 'first@example.in'))).status).toBe(201);
    const token = billing.addUser(newUserId(), 'buyer@example.in');
    let status = 0;
    const files = await walked(session, async () => {
      status = (await placeOrder(token)).status;
    });
    expect(status).toBe(201);

    const stated = statedWalk("a person's purchase");
    expect(files).toEqual([...stated].sort());
    // a newcomer follows a purchase in a dozen files; a layer more on the path is a choice to state
    expect(stated.length).toBeLessThanOrEqual(12);
    stated.slice(1).forEach((file, index) => {
      expect({ file, reached: reachedByReading(stated.slice(0, index + 1), file) }).toEqual({ file, reached: true });
    });
  });
});
