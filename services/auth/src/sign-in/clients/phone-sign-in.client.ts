import { isAxiosError, type AxiosInstance } from 'axios';
import { phoneSignInAnswer } from '@portal/contracts/internal';
import { parseAnswer } from '@portal/platform';
import { badRequest, gone, notFound, tooManyRequests } from '@portal/platform/errors';
import type { PhoneSignIn } from '../domain/ports';

/**
 * Notifications' side of signing in by a mobile code (it owns the verified numbers and sends the
 * SMS): its refusals are the person's to read, so they are passed on as it said them.
 */
export function phoneSignInClient(http: AxiosInstance): PhoneSignIn {
  function passOn(error: unknown): never {
    const refusal = isAxiosError(error) ? error.response : undefined;
    const message = String(refusal?.data?.message ?? '');
    if (refusal?.status === 400) throw badRequest(message);
    if (refusal?.status === 404) throw notFound(message);
    if (refusal?.status === 410) throw gone(message);
    if (refusal?.status === 429) throw tooManyRequests(Number(refusal.headers['retry-after'] ?? 60), message);
    throw error;
  }
  return {
    async sendCode(mobile) {
      await http.post('/internal/phone-sign-in/codes', { mobile }).catch(passOn);
    },
    async signIn(mobile, code) {
      const { data } = await http.post('/internal/phone-sign-in/verify', { mobile, code }).catch(passOn);
      return parseAnswer(phoneSignInAnswer, data, 'notifications /internal/phone-sign-in/verify');
    },
  };
}
