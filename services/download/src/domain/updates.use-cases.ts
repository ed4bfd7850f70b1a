import semver from 'semver';
import type { UpdateCheck } from '@portal/contracts';
import type { downloadUseCases } from './downloads.use-cases';
import { toLatestVersion, type releaseUseCases } from './releases.use-cases';

/**
 * The desktop app's update feed: the newest release of its channel by semantic version (the beta
 * channel sees stable releases too), and a signed link to it when it is newer than the app's
 * version and the user may download, as on the download page.
 */
export function updateUseCases(releases: ReturnType<typeof releaseUseCases>, downloads: ReturnType<typeof downloadUseCases>) {
  return {
    async check(userId: string, current: string, channel: 'stable' | 'beta'): Promise<UpdateCheck> {
      const newest = (await releases.list()).find((release) => channel === 'beta' || release.channel === 'stable');
      const updateAvailable = Boolean(newest && semver.gt(newest.version, current));
      const latest = newest ? { ...toLatestVersion(newest), channel: newest.channel } : null;
      if (!newest || !updateAvailable) return { updateAvailable, current, latest, download: null };
      const eligibility = await downloads.eligibility(userId);
      if (!eligibility.canDownload) return { updateAvailable, current, latest, download: null, message: eligibility.message };
      return { updateAvailable, current, latest, download: downloads.link(newest, userId) };
    },
  };
}
