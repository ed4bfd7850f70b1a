import type { Redis } from 'ioredis';
import type { FirmMembersChangedEvent } from '@portal/contracts/internal';
import { rememberedReads } from '@portal/platform';
import type { FirmDirectory } from '../ports';

type Firms = Awaited<ReturnType<FirmDirectory['firmsOf']>>;

/**
 * A person's firms, remembered by each process until the directory changes (issue #52): the status
 * of everyone without a plan of their own asks for them on every page, and the directory changes
 * only when one of auth's events is applied, which advances one generation for all of it.
 */
export function rememberedFirms<D extends FirmDirectory & { apply(event: FirmMembersChangedEvent): Promise<boolean> }>(
  directory: D,
  redis: Redis,
  generationKey: string,
): D {
  const remembered = rememberedReads<Firms>(redis);
  return {
    ...directory,
    async apply(event) {
      try {
        return await directory.apply(event);
      } finally {
        // also when the event changed nothing: a retry after a lost advance must still make it
        await remembered.changed(generationKey);
      }
    },
    firmsOf: (userId) => remembered.read(generationKey, userId, () => directory.firmsOf(userId)),
  };
}
