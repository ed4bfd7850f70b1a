import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType } from 'react';
import { PORTAL_PAGES, type PortalPage } from '@portal/portal/exposed-pages';

/**
 * Remotes are registered at run time rather than in the build: the admin remote only when an
 * /admin page is opened, the partner remote only for /partner, so user pages never fetch them. (A failed load is retried by loading the
 * page again: RemoteBoundary.)
 */
const REMOTES = {
  portal: process.env.PORTAL_REMOTE_URL as string,
  admin: process.env.ADMIN_REMOTE_URL as string,
  partner: process.env.PARTNER_REMOTE_URL as string,
};
type RemoteName = keyof typeof REMOTES;
const registered = new Set<RemoteName>();

function register(remote: RemoteName) {
  if (registered.has(remote)) return;
  registerRemotes([{ name: remote, entry: REMOTES[remote] }]);
  registered.add(remote);
}

/**
 * A page of a remote, one chunk each, loaded when first shown. A page's files are named in its
 * HTML by the gateway, so they download beside the shell's own.
 */
function remotePage(remote: RemoteName, module: string) {
  return lazy(async () => {
    register(remote);
    const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
    if (!loaded) throw new Error(`${remote}/${module} did not load`);
    return loaded;
  });
}

const loaderName = <Page extends string>(page: Page) => (page[0]!.toLowerCase() + page.slice(1)) as Uncapitalize<Page>;

/** Each page a remote exposes, by its name with a small first letter ('landing', 'forgotPassword'), the admin area and the partner area. */
export const pages = {
  ...(Object.fromEntries(PORTAL_PAGES.map((page) => [loaderName(page), remotePage('portal', page)])) as Record<
    Uncapitalize<PortalPage>,
    ReturnType<typeof remotePage>
  >),
  admin: remotePage('admin', 'App'),
  partner: remotePage('partner', 'App'),
};
