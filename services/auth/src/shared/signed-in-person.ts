import { unauthorized } from '@portal/platform/errors';
import { ACCOUNT_MESSAGES } from './account-messages';
import type { UserRecord, UserStore } from './ports';

/** The signed-in person's account; gone since the token was issued is a signed-out person. */
export async function signedInPerson(users: Pick<UserStore, 'findById'>, userId: string): Promise<UserRecord> {
  const user = await users.findById(userId);
  if (!user) throw unauthorized(ACCOUNT_MESSAGES.accountGone);
  return user;
}
