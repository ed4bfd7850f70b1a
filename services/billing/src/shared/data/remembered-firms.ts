import type { Redis } from 'ioredis';
import type { FirmMembersChangedEvent } from '@portal/contracts/internal';
import { rememberedReads } from '@portal/platform';
import type { FirmDirectory } from '../ports';

type Firms = Awaited<ReturnType<FirmDirectory['firmsOf']>>;

/**
 * A person's firms, remembered by each process until the directory changes: the status
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
      const applied = await directory.apply(event);
      await remembered.changed(generationKey);
      return applied;
    },
    firmsOf: (userId) => remembered.read(generationKey, userId, () => directory.firmsOf(userId)),
  };
}
