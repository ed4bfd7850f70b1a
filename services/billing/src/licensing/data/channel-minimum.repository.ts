import { Schema, type Connection } from 'mongoose';
import type { ReleaseChannelChangedEvent } from '@portal/contracts/internal';
import { revisionedState, type KeyLock } from '@portal/platform';
import type { ReleaseChannels } from '../domain/ports';

type ChannelDocument = Omit<ReleaseChannelChangedEvent, 'channel'> & { _id: string };

const channelSchema = new Schema<ChannelDocument>(
  {
    _id: String,
    minimumVersion: { type: String, default: null },
    message: { type: String, default: '' },
    revision: { type: Number, required: true },
  },
  { versionKey: false },
);

/** How long a channel's minimum is kept by a process: a change reaches check-ins within this, without a read per check-in. */
const KEPT_MS = 15_000;

/**
 * billing's read model of download's release channels: each channel's minimum version, the newest
 * by revision of download's `release.channel-changed` events. A channel never told of has none.
 */
export function channelMinimumRepository(
  connection: Connection,
  lock: KeyLock,
  now = () => Date.now(),
): ReleaseChannels & { apply(event: ReleaseChannelChangedEvent): Promise<boolean>; ready: Promise<unknown> } {
  const Channel = connection.model<ChannelDocument>('ReleaseChannel', channelSchema, 'release_channels');
  const write = revisionedState(Channel, lock, 'release-channel');
  const kept = new Map<string, { at: number; value: Awaited<ReturnType<ReleaseChannels['minimum']>> }>();
  return {
    ready: Channel.init(),
    async apply({ channel, ...state }) {
      const applied = await write({ _id: channel, ...state });
      if (applied) kept.delete(channel);
      return applied;
    },
    async minimum(channel) {
      const held = kept.get(channel);
      const age = held ? now() - held.at : -1;
      // a clock set back (a test's, or the machine's) makes the kept answer stale, not fresh for ever
      if (held && age >= 0 && age < KEPT_MS) return held.value;
      const doc = await Channel.findById(channel).lean<ChannelDocument>();
      const value = doc?.minimumVersion ? { minimumVersion: doc.minimumVersion, message: doc.message } : null;
      kept.set(channel, { at: now(), value });
      return value;
    },
  };
}
