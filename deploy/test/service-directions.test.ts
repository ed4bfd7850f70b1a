import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Between any two services, calls go one way: a service that calls another is never called back
 * by it. What a lower service needs of a higher one comes by events (billing's firm seats to auth,
 * download's channel minimums to billing). The calls are read from each service's settings: a
 * service reaches another only through its `<NAME>_URL`.
 */
const SERVICES = ['auth', 'billing', 'download', 'feedback', 'admin-reporting', 'notifications', 'partners'] as const;
const ROOT = path.join(__dirname, '../..');
const urlVar = (service: string) => `${service.toUpperCase().replace('-', '_')}_URL`;

function calls(): Map<string, string[]> {
  return new Map(
    SERVICES.map((service) => {
      const settings = readFileSync(path.join(ROOT, 'services', service, 'src', 'config.ts'), 'utf8');
      return [service, SERVICES.filter((other) => other !== service && new RegExp(`\\b${urlVar(other)}\\b`).test(settings))];
    }),
  );
}

describe('one direction between any two services', () => {
  it('when each service’s settings are read, then no two services call each other', () => {
    const graph = calls();
    const both = [...graph].flatMap(([from, tos]) =>
      tos.filter((to) => from < to && graph.get(to)!.includes(from)).map((to) => `${from} ⇄ ${to}`),
    );
    expect(both).toEqual([]);
  });

  it('when the calls are listed, then they are the ones docs/architecture.md draws', () => {
    expect(Object.fromEntries(calls())).toEqual({
      auth: ['notifications'],
      billing: ['auth', 'notifications'],
      download: ['billing'],
      feedback: [],
      'admin-reporting': ['auth', 'billing', 'download', 'feedback', 'notifications', 'partners'],
      notifications: [],
      partners: ['auth', 'billing'],
    });
  });
});
