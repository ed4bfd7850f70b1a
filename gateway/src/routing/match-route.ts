import { ROUTE_TABLE, type RouteRule } from './route-table';

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): RegExp {
  const deep = pattern.endsWith('/*');
  const base = deep ? pattern.slice(0, -2) : pattern;
  const body = base
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)))
    .join('/');
  return new RegExp(`^${body}${deep ? '/.+' : '/?'}$`);
}

const compiled = ROUTE_TABLE.map((rule) => ({ rule, regex: compile(rule.pattern) }));
const firstMatch = (path: string) => compiled.find(({ regex }) => regex.test(path))?.rule;

/**
 * The answer for each path the table names outright, with and without its trailing slash, found
 * once by the same first-match scan: most calls go to such paths, which then cost one lookup
 * rather than a regex per rule above theirs.
 */
const namedPaths = new Map(
  ROUTE_TABLE.filter(({ pattern }) => !/[:*]/.test(pattern))
    .flatMap(({ pattern }) => [pattern, `${pattern}/`])
    .map((path) => [path, firstMatch(path)] as const),
);

/** Dot segments and encoded separators could make a service see another path than we matched. */
const ambiguous = /\/\.\.?(\/|$)|%2e|%2f|%5c|\\/i;

export function matchRoute(path: string): RouteRule | undefined {
  const named = namedPaths.get(path);
  if (named) return named;
  if (ambiguous.test(path)) return undefined;
  return firstMatch(path);
}
