import { PHONE_MESSAGES, type MobileSignInBody, type SignInAnswer } from '@portal/contracts';
import type { AttemptLimit } from '@portal/platform';
import { serviceUnavailable, unauthorized } from '@portal/platform/errors';
import { ACCOUNT_MESSAGES } from '../../shared/account-messages';
import type { UserRecord } from '../../shared/ports';
import type { SignInDeps } from './sign-in.use-cases';
import type { PhoneSignIn } from './ports';

export interface MobileSignInDeps {
  phones?: PhoneSignIn | undefined;
  /** Codes asked for from one address, counted before the number is looked at. */
  codesByAddress: AttemptLimit;
}

/**
 * Signing in with a code sent by SMS to a number the person verified on their profile: the code
 * is notifications' to send and judge, the guesses are counted here like a password's (by address
 * and by number), and the second factor is still asked where it is on.
 */
export function mobileSignIn(
  { users, loginGuesses, securityLog }: SignInDeps,
  { phones, codesByAddress }: MobileSignInDeps,
  signIn: (user: UserRecord, first: 'sms', reason: string) => Promise<SignInAnswer>,
) {
  const available = () => {
    if (!phones) throw serviceUnavailable(PHONE_MESSAGES.channelNotOffered);
    return phones;
  };
  return {
    async sendCode(mobile: string, ip: string): Promise<{ message: string }> {
      const notifications = available();
      await codesByAddress(ip);
      await notifications.sendCode(mobile);
      return { message: PHONE_MESSAGES.signInCodeSent };
    },

    async login({ mobile, code }: MobileSignInBody, ip: string): Promise<SignInAnswer> {
      const notifications = available();
      let refusal: unknown = null;
      let userId: string | null = null;
      const right = await loginGuesses.judge(ip, mobile, async () => {
        try {
          ({ userId } = await notifications.signIn(mobile, code));
          return true;
        } catch (error) {
          refusal = error;
          return false;
        }
      });
      const user = right && userId ? await users.findById(userId) : null;
      if (!user) {
        await securityLog({
          kind: 'sign-in',
          outcome: 'failure',
          subject: { type: 'user', ...(userId ? { id: userId } : {}), label: mobile },
          reason: 'wrong-mobile-code',
        });
        throw refusal ?? unauthorized(ACCOUNT_MESSAGES.badCredentials);
      }
      return signIn(user, 'sms', 'mobile-code');
    },
  };
}
