import { PHONE_CODE_RULES, PHONE_MESSAGES } from '@portal/contracts';
import { badRequest, gone } from '@portal/platform/errors';
import type { PhoneCodes } from './phone-code';
import type { CodePurpose, CodeSender, PendingCode, PhoneRecord, PhoneStore } from './ports';

export interface CodeDeps {
  store: PhoneStore;
  codes: PhoneCodes;
  sendCode: CodeSender;
  now: () => Date;
}

/** A new code for the purpose, replacing any earlier one, sent by SMS to `mobile`. */
export async function issueCode({ store, codes, sendCode, now }: CodeDeps, userId: string, purpose: CodePurpose, mobile: string) {
  const code = codes.make();
  const expiresAt = new Date(now().getTime() + PHONE_CODE_RULES.validMinutes * 60_000);
  const hash = codes.hash(userId, mobile, code);
  await store.setCode(userId, purpose, { mobile, hash, expiresAt, wrongTries: 0 });
  await sendCode({ key: `${purpose === 'verify' ? 'phone-code' : 'phone-sign-in'}:${userId}:${hash}`, userId, to: mobile, code });
}

/**
 * The code typed, judged: the pending code when it matches; 400 for a wrong one, 410 once it has
 * lapsed (five minutes, to the millisecond) or the third wrong try has ended it.
 */
export async function checkCode(
  { store, codes, now }: CodeDeps,
  record: PhoneRecord,
  purpose: CodePurpose,
  code: string,
): Promise<PendingCode> {
  const pending = purpose === 'verify' ? record.pending : record.signInCode;
  if (!pending || pending.expiresAt <= now() || pending.wrongTries >= PHONE_CODE_RULES.wrongTries) throw gone(PHONE_MESSAGES.codeExpired);
  if (!codes.matches(pending.hash, record.userId, pending.mobile, code)) {
    const tries = await store.addWrongTry(record.userId, purpose, pending.hash);
    throw tries >= PHONE_CODE_RULES.wrongTries ? gone(PHONE_MESSAGES.codeExpired) : badRequest(PHONE_MESSAGES.codeWrong);
  }
  return pending;
}
