import { DAY_MS, istDateOf, istDayStart, lastIndianDays, type PublicUser } from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { TokenIssuer, UserRecord, UserSearch, UserStore } from '../../shared/ports';
import { toPublicUser } from '../../shared/public-user';

/** The user directory other services read through /internal/* (admin-reporting, billing). */
export function directoryUseCases(
  users: UserStore,
  /** What else the account owns: reset links, desktop sign-ins and sessions. */
  owned: { deleteForUser(userId: string): Promise<void> }[],
  tokens: TokenIssuer,
  /** The last e-mail to a person who deleted their own account. */
  farewell: (user: UserRecord) => void,
  /** The person's firms: one they own with others in it holds the deletion back (firm.use-cases). */
  firms: { assertAccountCanGo(userId: string): Promise<void>; forgetAccount(userId: string): Promise<void> },
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
      if (!user) throw notFound('No user with this id');
      await firms.assertAccountCanGo(id);
      if (!(await users.delete(id))) throw notFound('No user with this id');
      for (const store of owned) await store.deleteForUser(id);
      await firms.forgetAccount(id);
      await tokens.revokeAllFor(id);
      if (notify) farewell(user);
    },

    /** Total users and sign-ups per Indian day for the last `days` days, today last, zero days included. */
    async stats(days: number, now = new Date()): Promise<{ totalUsers: number; signupsPerDay: { date: string; count: number }[] }> {
      // A count for each day rather than the users of the period: the store counts from an index
      // alone, so the chart costs the same at 1,000 users as at 100,000.
      const first = istDayStart(lastIndianDays(days, now).startDate).getTime();
      const dayStarts = Array.from({ length: days + 1 }, (_, i) => new Date(first + i * DAY_MS));
      const [totalUsers, ...counts] = await Promise.all([
        users.count(),
        ...dayStarts.slice(0, days).map((from, i) => users.countSignedUpBetween(from, dayStarts[i + 1]!)),
      ]);
      return { totalUsers, signupsPerDay: counts.map((count, i) => ({ date: istDateOf(dayStarts[i]!), count })) };
    },
  };
}
