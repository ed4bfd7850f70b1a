import fs from 'node:fs';
import path from 'node:path';
import { isServed, type LoggedQuery } from '@portal/platform/testing';

/**
 * Queries that may read a whole collection, each with its reason; the key is
 * "collection operation filter [fields] sort [fields]", as the failure lists it.
 */
const MAY_SCAN: Record<string, string> = {
  'plans find filter [] sort [order]': 'the plan catalogue: a handful of rows, cached for 10 s',
  'releases find filter [channel] sort []': 'a few releases a year, each channel listed whole',
  'releases find filter [] sort []': 'a few releases a year',
  'release_channels find filter [] sort []': 'the release channels’ minimum versions: one row per channel, two channels',
  'admins countDocuments filter [] sort []': 'a handful of admins, counted at start-up to create the first',
  'admins find filter [] sort [createdAt]': 'the owners’ Admins tab lists every admin: a handful',
  'admins countDocuments filter [role] sort []': 'the owners counted among a handful of admins, before a demotion or a removal',
  'subscriptions aggregate filter [] sort []': 'the dashboard’s plan distribution counts every subscription by design',
  'partner_tiers find filter [] sort []': 'the partners’ three tiers and their rates, read whole',
  'notes countDocuments filter [] sort []': 'a platform test’s own model, not a service’s',
  'items countDocuments filter [label] sort []': 'a platform test’s own model, not a service’s',
};

const describeQuery = (query: LoggedQuery) =>
  `${query.collection} ${query.operation} filter [${query.filterFields}] sort [${query.sortFields}]`;

/** Every query the services' models sent during `npm test` (test/query-log.setup.ts wrote them). */
function loggedQueries(): LoggedQuery[] {
  const dir = process.env.QUERY_LOG_DIR;
  if (!dir || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).flatMap((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as LoggedQuery[]);
}

describe('the indexes behind the suite’s queries', () => {
  const logged = loggedQueries();

  it('when the suite has run, then the queries of every service’s main collections were logged', () => {
    const collections = new Set(logged.map((query) => query.collection));
    for (const expected of ['users', 'subscriptions', 'transactions', 'downloads', 'feedback', 'audit_log', 'firm_memberships'])
      expect([...collections]).toContain(expected);
  });

  it('when each logged query is checked against the indexes its schema declares, then an index serves it', () => {
    const unserved = new Map<string, string>();
    for (const query of logged) {
      const shape = describeQuery(query);
      if (!(shape in MAY_SCAN) && !isServed(query.indexes, query)) unserved.set(shape, query.testFile);
    }
    expect([...unserved].map(([shape, testFile]) => `${shape} (from ${testFile})`)).toEqual([]);
  });
});
