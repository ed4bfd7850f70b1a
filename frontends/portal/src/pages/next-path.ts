/**
 * Where to go after signing in: the page that sent the person here (`?next=/activate?user_code=…`),
 * if it is a path of this portal; anything else (another site, `//host`) is ignored.
 */
export function nextPath(params: URLSearchParams, fallback: string): string {
  const next = params.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
}
