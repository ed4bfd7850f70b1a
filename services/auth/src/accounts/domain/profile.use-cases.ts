import { DEFAULT_COUNTRY, MESSAGES, type ProfileUpdateBody, type PublicUser } from '@portal/contracts';
import { badRequest, notFound } from '@portal/platform/errors';
import type { UserStore } from '../../shared/ports';
import { toPublicUser } from '../../shared/public-user';

export const PROFILE_UPDATED = 'Profile updated successfully!';

export function profileUseCases(users: UserStore) {
  return {
    async get(userId: string): Promise<PublicUser> {
      const user = await users.findById(userId);
      if (!user) throw notFound('Your account no longer exists.');
      return toPublicUser(user);
    },

    /** The form sends the whole profile: what it leaves out is cleared. The e-mail never changes. */
    async update(userId: string, body: ProfileUpdateBody): Promise<PublicUser> {
      // the account is read first only when the form names an e-mail, to refuse a change of it
      // before anything is written; otherwise the update alone says whether the account exists
      if (body.email !== undefined) {
        const user = await users.findById(userId);
        if (!user) throw notFound('Your account no longer exists.');
        if (body.email.trim().toLowerCase() !== user.email) throw badRequest(MESSAGES.emailCannotChange);
      }
      const { address, ...info } = body.personalInfo ?? {};
      const personalInfo = {
        ...Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined)),
        ...(address ? { address: { ...address, country: DEFAULT_COUNTRY } } : {}),
      };
      const updated = await users.updateProfile(userId, { firstName: body.firstName, lastName: body.lastName ?? '', personalInfo });
      if (!updated) throw notFound('Your account no longer exists.');
      return toPublicUser(updated);
    },
  };
}
