import type { FirmMembersChangedEvent } from '@portal/contracts/internal';
import type { FirmDirectory } from '../ports';

/**
 * The read model of auth's firms, made to see a change the caller has just made (a firm created a
 * moment ago, a member just joined, a member just made an admin) before its event arrives (14–120
 * ms on an idle machine, longer under load): a membership the model does not hold, or holds with a
 * role too low for the call, is asked of auth, the owner of firms, and its answer applied as the
 * event would be (the newer revision wins, so the late event changes nothing). Only what would be
 * refused asks: the calls that go through read the model as before.
 */
export function firmsReadingTheirWrites<D extends FirmDirectory & { apply(event: FirmMembersChangedEvent): Promise<boolean> }>(
  directory: D,
  firmState: (firmId: string) => Promise<FirmMembersChangedEvent | null>,
): D {
  return {
    ...directory,
    async membership(firmId, userId, enough) {
      const held = await directory.membership(firmId, userId);
      if (held && (!enough || enough(held.role))) return held;
      const state = await firmState(firmId);
      if (!state || state.deleted || !state.members.some((member) => member.userId === userId)) return null;
      await directory.apply(state);
      return directory.membership(firmId, userId);
    },
  };
}
