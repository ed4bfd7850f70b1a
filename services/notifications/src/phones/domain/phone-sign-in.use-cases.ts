import { PHONE_MESSAGES } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import { checkCode, issueCode, type CodeDeps } from './codes';
import type { CodeLimit } from './ports';

/**
 * Signing in by a code sent to a verified number, for auth, which owns the session: the code is
 * sent, and judged, here; auth then asks for the person's second factor as after a password.
 */
export function phoneSignInUseCases(deps: CodeDeps & { limitCodes: CodeLimit }) {
  async function owner(mobile: string) {
    const record = await deps.store.byMobile(mobile);
    if (!record) throw notFound(PHONE_MESSAGES.numberNotVerified);
    return record;
  }
  return {
    async sendCode(mobile: string): Promise<void> {
      // a number belongs to one person: counting it limits both, and a number no one holds too
      await deps.limitCodes(mobile);
      const record = await owner(mobile);
      await issueCode(deps, record.userId, 'sign-in', mobile);
    },

    /** The person whose number it is, once the code is right; the code is then used up. */
    async signIn(mobile: string, code: string): Promise<{ userId: string }> {
      const record = await owner(mobile);
      await checkCode(deps, record, 'sign-in', code);
      await deps.store.clearCode(record.userId, 'sign-in');
      return { userId: record.userId };
    },
  };
}
