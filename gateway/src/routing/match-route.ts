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

/** Dot segments and encoded separators could make a service see another path than we matched. */
const ambiguous = /\/\.\.?(\/|$)|%2e|%2f|%5c|\\/i;

export function matchRoute(path: string): RouteRule | undefined {
  if (ambiguous.test(path)) return undefined;
  return compiled.find(({ regex }) => regex.test(path))?.rule;
}
