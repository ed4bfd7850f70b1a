import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Each service's README lists the calls it answers; this holds every table against the routes its
 * routers declare: a route added without its row fails here. Routes are read from the
 * source, `router.get('/path', …)` or a path named once in the same file, and every declaration
 * must be one of those, so that a route declared in another way cannot slip past unread.
 */
const SERVICES = ['auth', 'billing', 'download', 'feedback', 'admin-reporting', 'notifications', 'partners'];
const METHODS = 'get|post|put|patch|delete';
const ROOT = path.join(__dirname, '../..');
/** A path's parameters by place, not name: the README says `{orderId}` where Express says `:merchantOrderId`. */
const byPlace = (route: string) => route.replace(/[:{]\w+\}?/g, ':_');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/** `METHOD /path` of every route a service's routers declare, and the declarations that could not be read. */
function declaredRoutes(service: string): { routes: Set<string>; unread: string[] } {
  const routes = new Set<string>();
  const unread: string[] = [];
  for (const file of sourceFiles(path.join(ROOT, 'services', service, 'src'))) {
    const source = readFileSync(file, 'utf8');
    const named = new Map([...source.matchAll(/const (\w+) = '(\/[^']*)'/g)].map((match) => [match[1]!, match[2]!]));
    for (const match of source.matchAll(new RegExp(`\\brouter\\.(${METHODS})\\(\\s*('([^']+)'|(\\w+))`, 'g'))) {
      const route = match[3] ?? named.get(match[4]!);
      if (route) routes.add(`${match[1]!.toUpperCase()} ${byPlace(route)}`);
      else unread.push(`${path.relative(ROOT, file)}: ${match[0]}`);
    }
  }
  return { routes, unread };
}

/**
 * `METHOD /path` of every call a README names in backquotes, `GET /a/{id}`, or several methods of
 * one path, `GET` / `PUT /a`. A query or body after the path is not part of it.
 */
function documentedRoutes(service: string): Set<string> {
  const readme = readFileSync(path.join(ROOT, 'services', service, 'README.md'), 'utf8');
  const documented = new Set<string>();
  const method = 'GET|POST|PUT|PATCH|DELETE';
  for (const match of readme.matchAll(new RegExp(`\`((?:(?:${method})\` / \`)*)(${method}) (/[^\\s\`?]*)`, 'g'))) {
    const routePath = byPlace(match[3]!);
    const methods = [...match[1]!.matchAll(new RegExp(method, 'g'))].map((each) => each[0]);
    for (const each of [...methods, match[2]!]) documented.add(`${each} ${routePath}`);
  }
  return documented;
}

describe('each service README lists the calls its routers declare', () => {
  it.each(SERVICES)('when the %s routers are read, then each route has its row in the README', (service) => {
    const { routes, unread } = declaredRoutes(service);
    expect(unread).toEqual([]);
    expect(routes.size).toBeGreaterThan(0);
    const documented = documentedRoutes(service);
    expect([...routes].filter((route) => !documented.has(route)).sort()).toEqual([]);
  });
});
