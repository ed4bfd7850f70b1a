import semver from 'semver';
import {
  EDITION_MESSAGES,
  isPricedPlan,
  planTitle,
  RELEASE_STEERING_MESSAGES,
  taxYearName,
  type EditionRequired,
  type ReleaseChannel,
  type UpdateCheck,
} from '@portal/contracts';
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

type Standing = Awaited<ReturnType<ReturnType<typeof downloadUseCases>['standing']>>;

/** Whether a licence may run a release: one that follows a tax year's law needs a plan reaching into that year. */
const covers = (standing: Standing | null, release: ReleaseRecord) =>
  release.requiresTaxYear === null || (standing?.lastTaxYear ?? -Infinity) >= release.requiresTaxYear;

/** A newer release the licence may not run: the tax year to buy, on the plan the person has (Professional after a trial). */
function editionFor(release: ReleaseRecord, standing: Standing | null): EditionRequired {
  const plan = standing && isPricedPlan(standing.plan) ? standing.plan : 'professional';
  const year = release.requiresTaxYear!;
  return {
    code: 'edition_required',
    version: release.version,
    taxYear: taxYearName(year),
    plan,
    billingPeriod: 'tax-year',
    message: EDITION_MESSAGES.required(release.version, year, planTitle(plan)),
  };
}

/**
 * The desktop app's update feed: the newest release of its channel (the beta
 * channel sees stable releases too) that its staged rollout offers this device, never a withdrawn
 * one; a device on a withdrawn release is offered the newest good one, older or not; an app below
 * its channel's minimum is told the update is required. A release that follows a tax year's law is
 * offered only to a licence that covers that year; a newer one it does not cover is named with the
 * plan to buy (`edition_required`). A signed link comes with an update when the user may download,
 * as on the download page.
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
      // the subscription is read first only when a release asks for a tax year
      const standing = ofChannel.some((release) => release.requiresTaxYear !== null) ? await downloads.standing(userId) : null;
      const deviceKey = deviceId ?? userId;
      const minimumVersion = policy?.minimumVersion ?? null;
      const choice = chooseOffer(
        ofChannel.filter((release) => covers(standing, release)),
        current,
        deviceKey,
        minimumVersion,
      );
      // without a release that asks for a tax year, every release is covered: nothing lies beyond
      const beyond = standing ? chooseOffer(ofChannel, current, deviceKey, minimumVersion).offered : undefined;
      const uncovered = beyond && !covers(standing, beyond) && semver.gt(beyond.version, current) ? beyond : null;
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
        ...(uncovered && { editionRequired: editionFor(uncovered, standing) }),
      };
      if (!offered || !updateAvailable) return answer;
      const eligibility = standing?.eligibility ?? (await downloads.eligibility(userId));
      if (!eligibility.canDownload) return { ...answer, message: eligibility.message };
      return { ...answer, download: downloads.link(offered, userId) };
    },
  };
}
