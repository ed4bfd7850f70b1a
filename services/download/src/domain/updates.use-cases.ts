import semver from 'semver';
import { RELEASE_STEERING_MESSAGES, type ReleaseChannel, type UpdateCheck } from '@portal/contracts';
import type { downloadUseCases } from './downloads.use-cases';
import type { ChannelPolicyStore, ReleaseRecord } from './ports';
import { toLatestVersion, type releaseUseCases } from './releases.use-cases';
import { inRollout } from './rollout';

/** Which release the app is offered: what its channel has that it may run, and what it must run. */
function chooseOffer(releases: ReleaseRecord[], current: string, deviceKey: string, minimumVersion: string | null) {
  const good = releases.filter((release) => !release.withdrawn);
  const currentWithdrawn = releases.some((release) => release.version === current && release.withdrawn);
  const updateRequired = Boolean(minimumVersion && semver.lt(current, minimumVersion));
  // a required update goes to every device: the newest its rollout offers it, else the oldest
  // release that meets the minimum, the one that has reached the most devices
  const meeting = updateRequired ? good.filter((release) => semver.gte(release.version, minimumVersion!)) : good;
  const offered =
    meeting.find((release) => inRollout(release.version, deviceKey, release.rolloutPercent)) ??
    (updateRequired ? meeting.at(-1) : undefined);
  const updateAvailable = Boolean(offered && (semver.gt(offered.version, current) || (currentWithdrawn && offered.version !== current)));
  return { offered, newest: good[0], updateAvailable, updateRequired, currentWithdrawn };
}

/**
 * The desktop app's update feed: the newest release of its channel (the beta
 * channel sees stable releases too) that its staged rollout offers this device, never a withdrawn
 * one; a device on a withdrawn release is offered the newest good one, older or not; an app below
 * its channel's minimum is told the update is required. A signed link comes with an update when
 * the user may download, as on the download page.
 */
export function updateUseCases(
  releases: ReturnType<typeof releaseUseCases>,
  downloads: ReturnType<typeof downloadUseCases>,
  policies: Pick<ChannelPolicyStore, 'find'>,
) {
  return {
    async check(userId: string, current: string, channel: ReleaseChannel, deviceId?: string): Promise<UpdateCheck> {
      const [all, policy] = await Promise.all([releases.list(), policies.find(channel)]);
      const ofChannel = all.filter((release) => channel === 'beta' || release.channel === 'stable');
      const choice = chooseOffer(ofChannel, current, deviceId ?? userId, policy?.minimumVersion ?? null);
      const { offered, updateAvailable, updateRequired, currentWithdrawn } = choice;
      // what this device may have: a release staged for others is not named to it
      const shown = offered ?? choice.newest;
      const answer: UpdateCheck = {
        updateAvailable,
        current,
        latest: shown ? { ...toLatestVersion(shown), channel: shown.channel } : null,
        download: null,
        updateRequired,
        ...(updateRequired ? { requiredMessage: policy?.message || RELEASE_STEERING_MESSAGES.defaultRequired } : {}),
        ...(currentWithdrawn ? { currentWithdrawn } : {}),
      };
      if (!offered || !updateAvailable) return answer;
      const eligibility = await downloads.eligibility(userId);
      if (!eligibility.canDownload) return { ...answer, message: eligibility.message };
      return { ...answer, download: downloads.link(offered, userId) };
    },
  };
}
