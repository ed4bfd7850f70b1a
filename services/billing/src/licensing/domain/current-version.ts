import semver from 'semver';
import { LICENSE_ERRORS, RELEASE_STEERING_MESSAGES } from '@portal/contracts';
import { refused } from './entitlement';
import type { ReleaseChannels } from './ports';

/**
 * An app older than its channel's minimum version is refused online with `update_required`, in the
 * admin's words. A prerelease build follows the beta channel. The licence it holds
 * keeps its own end, so an app offline is never locked out early.
 */
export async function assertCurrentVersion(channels: ReleaseChannels | undefined, appVersion: string): Promise<void> {
  const minimum = await channels?.minimum(semver.prerelease(appVersion) ? 'beta' : 'stable');
  if (minimum && semver.lt(appVersion, minimum.minimumVersion))
    throw refused(LICENSE_ERRORS.updateRequired, minimum.message || RELEASE_STEERING_MESSAGES.defaultRequired);
}
