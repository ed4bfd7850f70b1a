import { istDayStart, lastIndianDays, perIndianDay, type PublicUser } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { PasswordResetStore, TokenIssuer, UserRecord, UserSearch, UserStore } from './ports';
import { toPublicUser } from './public-user';

/** The user directory other services read through /internal/* (admin-reporting, billing). */
export function directoryUseCases(
  users: UserStore,
  /** What else the account owns: reset links, desktop sign-ins and sessions. */
  owned: Pick<PasswordResetStore, 'deleteForUser'>[],
  tokens: TokenIssuer,
  /** The last e-mail to a person who deleted their own account. */
  farewell: (user: UserRecord) => void,
) {
  return {
    async search(query: UserSearch): Promise<{ users: PublicUser[]; total: number; page: number; limit: number }> {
      const { users: found, total } = await users.search(query);
      return { users: found.map(toPublicUser), total, page: query.page, limit: query.limit };
    },

    async get(id: string): Promise<PublicUser> {
      const user = await users.findById(id);
      if (!user) throw notFound('No user with this id');
      return toPublicUser(user);
    },

    /** Every user, in id order, as the consumer reads them: the admin's streamed export. */
    async *exportAll(): AsyncIterable<PublicUser> {
      for await (const user of users.streamAll()) yield toPublicUser(user);
    },

    /** Removes the account, its profile and what it owns, and ends every session of the user, desktop ones too. */
    async delete(id: string, { notify }: { notify: boolean }): Promise<void> {
      const user = await users.findById(id);
      if (!user || !(await users.delete(id))) throw notFound('No user with this id');
      for (const store of owned) await store.deleteForUser(id);
      await tokens.revokeAllFor(id);
      if (notify) farewell(user);
    },

    /** Total users and sign-ups per Indian day for the last `days` days, today last, zero days included. */
    async stats(days: number, now = new Date()): Promise<{ totalUsers: number; signupsPerDay: { date: string; count: number }[] }> {
      const series = (createdAt: Date[]) =>
        perIndianDay(
          days,
          now,
          createdAt.map((at) => ({ at, value: 1 })),
        );
      const since = istDayStart(lastIndianDays(days, now).startDate);
      const [totalUsers, createdAt] = await Promise.all([users.count(), users.createdSince(since)]);
      return { totalUsers, signupsPerDay: series(createdAt).map(({ date, value }) => ({ date, count: value })) };
    },
  };
}
