import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { lazy, type ComponentType } from 'react';

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

/** A page of a remote, one chunk each, loaded when first shown. */
function remotePage(remote: RemoteName, module: string) {
  const attempts = new Map<number, ReturnType<typeof lazy>>();
  return (attempt: number) => {
    if (!attempts.has(attempt)) {
      attempts.set(
        attempt,
        lazy(async () => {
          register(remote, attempt > 0);
          const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
          if (!loaded) throw new Error(`${remote}/${module} did not load`);
          return loaded;
        }),
      );
    }
    return attempts.get(attempt)!;
  };
}

export const pages = {
  landing: remotePage('portal', 'Landing'),
  login: remotePage('portal', 'Login'),
  signup: remotePage('portal', 'Signup'),
  forgotPassword: remotePage('portal', 'ForgotPassword'),
  resetPassword: remotePage('portal', 'ResetPassword'),
  dashboard: remotePage('portal', 'Dashboard'),
  download: remotePage('portal', 'Download'),
  subscription: remotePage('portal', 'Subscription'),
  about: remotePage('portal', 'About'),
  profile: remotePage('portal', 'Profile'),
  admin: remotePage('admin', 'App'),
};
