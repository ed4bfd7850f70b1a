import { RELEASE_CHANNELS, RELEASE_STEERING_MESSAGES, type ChannelPolicy, type ReleaseChannel, type ReleaseView } from '@portal/contracts';
import { badRequest, conflict } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import type { ChannelPolicyRecord, ChannelPolicyStore, ReleaseRecord, ReleaseStore } from './ports';
import { toLatestVersion, type releaseUseCases } from './releases.use-cases';

export interface ReleaseSteeringDeps {
  store: ReleaseStore;
  catalogue: ReturnType<typeof releaseUseCases>;
  policies: ChannelPolicyStore;
  audit: AuditPublisher;
  /** Told after a channel's minimum changes: billing holds licence check-ins to it. */
  onChannelChanged: (channel: ReleaseChannel) => Promise<unknown>;
  now?: () => Date;
}

const toView = (release: ReleaseRecord): ReleaseView => ({
  ...toLatestVersion(release),
  channel: release.channel,
  rolloutPercent: release.rolloutPercent,
  state: release.withdrawn ? 'withdrawn' : 'live',
  withdrawnAt: release.withdrawn?.at.toISOString() ?? null,
  withdrawnReason: release.withdrawn?.reason ?? null,
  publishedBy: release.publishedBy,
  downloads: release.downloads,
});

const toPolicy = (channel: ReleaseChannel, record: ChannelPolicyRecord | undefined): ChannelPolicy => ({
  channel,
  minimumVersion: record?.minimumVersion ?? null,
  message: record?.message ?? '',
  updatedBy: record?.updatedBy ?? null,
  updatedAt: record?.updatedAt.toISOString() ?? null,
});

/**
 * What an admin steers after publishing, each step audited: the share of a
 * channel's devices a release is offered to, a release withdrawn for good, and a channel's minimum
 * version below which the app must update.
 */
export function releaseSteeringUseCases({
  store,
  catalogue,
  policies,
  audit,
  onChannelChanged,
  now = () => new Date(),
}: ReleaseSteeringDeps) {
  return {
    /** Every release, newest first, with its downloads; and each channel's minimum. */
    async overview(): Promise<{ releases: ReleaseView[]; channels: ChannelPolicy[] }> {
      const [releases, saved] = await Promise.all([catalogue.list(), policies.all()]);
      return {
        releases: releases.map(toView),
        channels: RELEASE_CHANNELS.map((channel) =>
          toPolicy(
            channel,
            saved.find((record) => record.channel === channel),
          ),
        ),
      };
    },

    /** One release as the screen shows it. */
    async view(version: string): Promise<ReleaseView> {
      return toView(await catalogue.find(version));
    },

    async setRollout(version: string, percent: number, actor: string): Promise<ReleaseView> {
      const before = await catalogue.live(version);
      const after = (await store.update(version, { rolloutPercent: percent }))!;
      await audit({
        actor,
        action: 'release.rollout-changed',
        target: { type: 'release', id: version },
        before: { rolloutPercent: before.rolloutPercent },
        after: { rolloutPercent: percent },
      });
      return toView(after);
    },

    async withdraw(version: string, reason: string, actor: string): Promise<ReleaseView> {
      const release = await catalogue.find(version);
      if (release.withdrawn) throw conflict(RELEASE_STEERING_MESSAGES.alreadyWithdrawn(version));
      const after = (await store.update(version, { withdrawn: { at: now(), reason, by: actor } }))!;
      await audit({ actor, action: 'release.withdrawn', target: { type: 'release', id: version }, after: { reason } });
      return toView(after);
    },

    /** A channel's minimum version: a release of that channel that may be downloaded, or none. */
    async setMinimum(channel: ReleaseChannel, minimumVersion: string | null, message: string, actor: string): Promise<ChannelPolicy> {
      if (minimumVersion) {
        const release = await store.find(minimumVersion);
        if (!release || release.withdrawn || (channel === 'stable' && release.channel !== 'stable'))
          throw badRequest(RELEASE_STEERING_MESSAGES.minimumUnknown(minimumVersion));
      }
      const before = toPolicy(channel, (await policies.find(channel)) ?? undefined);
      const record = { channel, minimumVersion, message, updatedBy: actor, updatedAt: now() };
      await policies.save(record);
      await onChannelChanged(channel);
      const after = toPolicy(channel, record);
      await audit({ actor, action: 'release.minimum-changed', target: { type: 'channel', id: channel }, before, after });
      return after;
    },
  };
}
