import { RELEASE_CHANNELS, type ReleaseChannel } from '@portal/contracts';
import { RELEASE_EVENTS, type ReleaseChannelChangedEvent } from '@portal/contracts/internal';
import type { ChannelPolicyStore } from './ports';

/**
 * Tells billing each channel's minimum version, which its licence check-ins hold apps to: after a
 * change, and every channel again at start and on a timer, so that an event lost while Redis was
 * away comes back. Billing keeps the newest by revision; download never waits for billing.
 */
export function channelAnnouncements(
  policies: Pick<ChannelPolicyStore, 'find'>,
  publish: (name: string, event: ReleaseChannelChangedEvent) => Promise<boolean>,
) {
  let last = 0;
  // microseconds of the clock, and always above the last one this process gave
  const nextRevision = () => (last = Math.max(Date.now() * 1000, last + 1));

  async function announce(channel: ReleaseChannel): Promise<boolean> {
    const revision = nextRevision(); // before the read: the highest revision carries the newest state
    const policy = await policies.find(channel);
    return publish(RELEASE_EVENTS.channelChanged, {
      channel,
      minimumVersion: policy?.minimumVersion ?? null,
      message: policy?.message ?? '',
      revision,
    });
  }
  return { announce, replay: () => Promise.all(RELEASE_CHANNELS.map(announce)) };
}
