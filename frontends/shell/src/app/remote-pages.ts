import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType } from 'react';
import { PORTAL_PAGES, type PortalPage } from '@portal/portal/exposed-pages';

/**
 * Remotes are registered at run time rather than in the build: the admin remote only when an
 * /admin page is opened (so user pages never fetch it), and either one again, with `force`, when
 * the error boundary retries, which drops the federation runtime's memory of a failed load.
 */
const REMOTES = {
  portal: process.env.PORTAL_REMOTE_URL as string,
  admin: process.env.ADMIN_REMOTE_URL as string,
};
type RemoteName = keyof typeof REMOTES;
const registered = new Set<RemoteName>();

function register(remote: RemoteName, force: boolean) {
  if (registered.has(remote) && !force) return;
  registerRemotes([{ name: remote, entry: REMOTES[remote] }], { force });
  registered.add(remote);
}

/**
 * A page of a remote, one chunk each, loaded when first shown. A signed-in page's files are named
 * in its HTML by the gateway, so they download while the session is checked.
 */
function remotePage(remote: RemoteName, module: string) {
  const attempts = new Map<number, ReturnType<typeof lazy>>();
  return (attempt: number) => {
    if (!attempts.has(attempt))
      attempts.set(
        attempt,
        lazy(async () => {
          register(remote, attempt > 0);
          const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
          if (!loaded) throw new Error(`${remote}/${module} did not load`);
          return loaded;
        }),
      );
    return attempts.get(attempt)!;
  };
}

const loaderName = <Page extends string>(page: Page) => (page[0]!.toLowerCase() + page.slice(1)) as Uncapitalize<Page>;

/** Each page a remote exposes, by its name with a small first letter ('landing', 'forgotPassword'), and the admin area. */
export const pages = {
  ...(Object.fromEntries(PORTAL_PAGES.map((page) => [loaderName(page), remotePage('portal', page)])) as Record<
    Uncapitalize<PortalPage>,
    ReturnType<typeof remotePage>
  >),
  admin: remotePage('admin', 'App'),
};
