import type { AxiosInstance } from 'axios';
import type { Logger } from 'pino';
import { parseAnswer } from '@portal/platform';
import { internalChannelMinimumAnswer } from '@portal/contracts/internal';
import type { ReleaseChannels } from '../domain/ports';

/** How long a channel's minimum is kept: a change reaches check-ins within this, without a call per check-in. */
const KEPT_MS = 15_000;

/**
 * Each channel's minimum version, from download's internal API, kept a few seconds per process.
 * Download not answering is no minimum: a licence check-in never fails because releases cannot be read.
 */
export function releaseChannelsClient(http: AxiosInstance, logger: Logger, now = () => Date.now()): ReleaseChannels {
  const kept = new Map<string, { at: number; value: Awaited<ReturnType<ReleaseChannels['minimum']>> }>();
  return {
    async minimum(channel) {
      const held = kept.get(channel);
      const age = held ? now() - held.at : -1;
      // a clock set back (a test's, or the machine's) makes the kept answer stale, not fresh for ever
      if (held && age >= 0 && age < KEPT_MS) return held.value;
      try {
        const { data } = await http.get(`/internal/releases/channels/${channel}`);
        const { minimumVersion, message } = parseAnswer(
          internalChannelMinimumAnswer,
          data,
          'download /internal/releases/channels/:channel',
        );
        const value = minimumVersion ? { minimumVersion, message } : null;
        kept.set(channel, { at: now(), value });
        return value;
      } catch (error) {
        logger.warn({ err: error, channel }, 'the channel’s minimum version could not be read; check-ins go on without it');
        return held?.value ?? null;
      }
    },
  };
}
