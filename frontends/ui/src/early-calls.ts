import { session } from './storage';

/**
 * The calls a page makes as it opens, started by the shell before any page code or axios has
 * loaded, so that they run beside those downloads rather than after them: the pages that show
 * data painted it only once their code, then axios, then the answer had come, one after another.
 * The page's `api.get` of the same address takes the answer, once and while it is fresh. An early
 * call that is refused or fails is forgotten, and the page makes its own, which meets the
 * client's usual handling of errors (a 401 ends the session).
 *
 * The shell's copy of this module and the UI kit's are two instances (the shell loads it before
 * the shared modules), so the calls are kept under a global symbol both can reach.
 */
const REGISTRY = Symbol.for('tax-portal.early-calls');
const FRESH_MS = 10_000;

interface EarlyCall {
  startedAt: number;
  /** The answer's body, or undefined when it cannot stand in for the page's own call. */
  answer: Promise<unknown>;
}

function registry(): Map<string, EarlyCall> {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Map<string, EarlyCall> };
  return (holder[REGISTRY] ??= new Map());
}

/** Admin calls carry the admin's session, every other call the user's (behaviour.md §7). */
export const isAdminCall = (url = '') => url.includes('/admin/');

export const tokenFor = (url?: string) => (isAdminCall(url) ? session.adminToken() : session.token());

/** Starts GET calls to these addresses (a path, with its query string when the page sends one). */
export function startEarlyCalls(urls: readonly string[]): void {
  for (const url of urls) {
    const token = tokenFor(url);
    const answer = fetch(url, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.json() : undefined))
      .catch(() => undefined);
    registry().set(url, { startedAt: Date.now(), answer });
  }
}

/** The early answer for this address, taken once; none when there was no early call or it is stale. */
export function takeEarlyAnswer(url: string): Promise<unknown> | undefined {
  const call = registry().get(url);
  if (!call) return undefined;
  registry().delete(url);
  return Date.now() - call.startedAt < FRESH_MS ? call.answer : undefined;
}
