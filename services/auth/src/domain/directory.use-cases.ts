import type { PublicUser } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { PasswordResetStore, TokenIssuer, UserSearch, UserStore } from './ports';
import { toPublicUser } from './public-user';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user directory other services read through /internal/* (admin-reporting, billing). */
export function directoryUseCases(users: UserStore, resets: PasswordResetStore, tokens: TokenIssuer) {
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

    /** One page of every user, in id order, for streamed exports; `next` is absent on the last page. */
    async exportPage(after: string | undefined, limit: number): Promise<{ users: PublicUser[]; next?: string }> {
      const page = await users.pageAfter(after, limit);
      return { users: page.map(toPublicUser), ...(page.length === limit ? { next: page[page.length - 1]!.id } : {}) };
    },

    async getMany(ids: string[]): Promise<PublicUser[]> {
      return (await users.findMany(ids)).map(toPublicUser);
    },

    /** Removes the account and profile and ends every session of the user. */
    async delete(id: string): Promise<void> {
      if (!(await users.delete(id))) throw notFound('No user with this id');
      await resets.deleteForUser(id);
      await tokens.revokeAllFor(id);
    },

    /** Total users and sign-ups per UTC day for the last `days` days, zero days included. */
    async stats(days: number, now = new Date()): Promise<{ totalUsers: number; signupsPerDay: { date: string; count: number }[] }> {
      const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      const since = new Date(today - (days - 1) * DAY_MS);
      const [totalUsers, createdAt] = await Promise.all([users.count(), users.createdSince(since)]);
      const counts = new Map<string, number>();
      for (const date of createdAt) {
        const day = date.toISOString().slice(0, 10);
        counts.set(day, (counts.get(day) ?? 0) + 1);
      }
      const signupsPerDay = Array.from({ length: days }, (_, i) => {
        const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return { date, count: counts.get(date) ?? 0 };
      });
      return { totalUsers, signupsPerDay };
    },
  };
}
