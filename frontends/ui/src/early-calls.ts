import { session } from './storage';

/**
 * The calls a page makes as it opens, started by the shell before any page code or axios has
 * loaded, so that they run beside those downloads rather than after them: the pages that show
 * data painted it only once their code, then axios, then the answer had come, one after another.
 * The page's `api.get` of the same address takes the answer, once and while it is fresh. An early
 * call that is refused or fails is forgotten, and the page makes its own, which meets the
 * client's usual handling of errors (a 401 ends the session).
 *
 * Once the page has asked anything, no early call starts any more: one started after the page's
 * own call could answer a later one (a refresh after the person changed something) with what was
 * true before.
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

interface Registry {
  calls: Map<string, EarlyCall>;
  /** Whether the page has asked something already. */
  pageAsked: boolean;
}

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (holder[REGISTRY] ??= { calls: new Map(), pageAsked: false });
}

/** Admin calls carry the admin's session, the partner area's the partner's, every other call the user's (behaviour.md §7). */
export const isAdminCall = (url = '') => url.includes('/admin/');
export const isPartnerCall = (url = '') => url.includes('/api/partners/area/');

export const tokenFor = (url?: string) =>
  isAdminCall(url) ? session.adminToken() : isPartnerCall(url) ? session.partnerToken() : session.token();

/** Starts GET calls to these addresses (a path, with its query string when the page sends one). */
export function startEarlyCalls(urls: readonly string[]): void {
  if (registry().pageAsked) return;
  for (const url of urls) {
    const token = tokenFor(url);
    const answer = fetch(url, { credentials: 'include', headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.json() : undefined))
      .catch(() => undefined);
    registry().calls.set(url, { startedAt: Date.now(), answer });
  }
}

/** The early answer for this address, taken once; none when there was no early call or it is stale. */
export function takeEarlyAnswer(url: string): Promise<unknown> | undefined {
  const { calls } = registry();
  registry().pageAsked = true;
  const call = calls.get(url);
  if (!call) return undefined;
  calls.delete(url);
  return Date.now() - call.startedAt < FRESH_MS ? call.answer : undefined;
}
