import {
  RECENT_SUBSCRIBERS_SHOWN,
  USER_DELETION_SCOPE,
  SELF_SERVICE_MESSAGES,
  userDeletedMessage,
  type AccountDeletionBody,
  type AdminUserRow,
  type Analytics,
  type PublicUser,
} from '@portal/contracts';
import { notFound } from '@portal/platform/errors';
import type { Logger } from 'pino';
import { toAdminUserRow } from './admin-user-row';
import { planDistribution } from './plan-distribution';
import type { AuditStore, DownloadReader, SubscriptionReader, UserDeletedPublisher, UserDirectory } from './ports';

export interface ReportingDeps {
  users: UserDirectory;
  subscriptions: SubscriptionReader;
  downloads: DownloadReader;
  audit: AuditStore;
  publishUserDeleted: UserDeletedPublisher;
  logger: Logger;
}

const CHART_DAYS = 90;

/** admin-reporting owns no user data: it composes what auth, billing and download own. */
export function reportingUseCases({ users, subscriptions, downloads, audit, publishUserDeleted, logger }: ReportingDeps) {
  async function rowsFor(page: PublicUser[]): Promise<AdminUserRow[]> {
    if (!page.length) return [];
    const ids = page.map((user) => user._id);
    const [subs, dls] = await Promise.all([subscriptions.summaries(ids), downloads.summaries(ids)]);
    const subById = new Map(subs.map((sub) => [sub.userId, sub]));
    const dlById = new Map(dls.map((dl) => [dl.userId, dl]));
    return page.map((user) => toAdminUserRow(user, subById.get(user._id), dlById.get(user._id)));
  }

  /**
   * The account goes first, in auth, and the call answers once it is gone. The deletion is
   * recorded in the audit log, which doubles as an outbox: its events are handed to billing,
   * download and feedback through their queues, and re-handed by a job until that succeeded.
   */
  async function removeUser(userId: string, actor: string, { bySelf }: { bySelf: boolean }) {
    const user = await users.get(userId);
    if (!user || !(await users.delete(userId, { notify: bySelf }))) throw notFound('No user with this id');
    const entry = await audit.add({
      actor,
      action: bySelf ? 'user.deleted-own-account' : 'user.deleted',
      target: { type: 'user', id: userId, label: user.email },
      before: { email: user.email, createdAt: user.createdAt },
      at: new Date().toISOString(),
      service: 'admin-reporting',
      pendingEvents: true,
    });
    try {
      await publishUserDeleted(userId);
      await audit.markEventsPublished(entry.id);
    } catch (error) {
      logger.warn({ err: error, userId }, 'user.deleted events not published yet; the outbox job will retry');
    }
    return { message: userDeletedMessage(user.email), removed: USER_DELETION_SCOPE.removed, kept: USER_DELETION_SCOPE.kept };
  }

  async function publishPending(): Promise<number> {
    let published = 0;
    for (const entry of await audit.pendingDeletions(100)) {
      await publishUserDeleted(entry.target.id);
      await audit.markEventsPublished(entry.id);
      published++;
    }
    return published;
  }

  return {
    async analytics(): Promise<Analytics> {
      const [stats, billing] = await Promise.all([users.stats(CHART_DAYS), subscriptions.analytics(CHART_DAYS)]);
      return {
        overview: {
          totalUsers: stats.totalUsers,
          activeSubscriptions: billing.activeSubscriptions,
          paidSeats: billing.paidSeats ?? billing.activeSubscriptions,
          trialUsers: billing.trialUsers,
        },
        revenue: { totalRevenue: billing.totalRevenue },
        recurring: billing.recurring,
        planDistribution: planDistribution(billing.planDistribution, stats.totalUsers),
        recentSubscribers: billing.recentSubscribers
          .slice(0, RECENT_SUBSCRIBERS_SHOWN)
          .map(({ email, subscriptionPlan, subscriptionStartDate, subscriptionEndDate }) => ({
            email,
            subscriptionPlan,
            subscriptionStartDate,
            subscriptionEndDate,
          })),
        signupsPerDay: stats.signupsPerDay,
        revenuePerDay: billing.revenuePerDay,
      };
    },

    async listUsers(query: { search?: string; page: number; limit: number }) {
      const { users: page, total } = await users.search(query);
      return { users: await rowsFor(page), total, page: query.page, limit: query.limit };
    },

    async userDetails(userId: string): Promise<AdminUserRow> {
      const user = await users.get(userId);
      if (!user) throw notFound('No user with this id');
      const [[row], firms] = await Promise.all([rowsFor([user]), users.firmsOf(userId)]);
      return { ...row!, firms: firms.map(({ id, name, role }) => ({ id, name, role })) };
    },

    async deleteUser(userId: string, adminEmail: string) {
      return removeUser(userId, adminEmail, { bySelf: false });
    },

    /** The person's own deletion (behaviour.md §3): confirmed with auth first, then as the admin's, with a last e-mail. */
    async deleteOwnAccount(userId: string, confirmation: AccountDeletionBody, ip: string) {
      await users.confirmDeletion(userId, confirmation, ip);
      const user = await users.get(userId);
      if (!user) throw notFound('No user with this id');
      await removeUser(userId, user.email, { bySelf: true });
      return { message: SELF_SERVICE_MESSAGES.deleted };
    },

    publishPending,

    /** Every user in id order, joined with billing and download a batch at a time: memory stays flat. */
    async *exportRows(batchSize = 500): AsyncIterable<AdminUserRow> {
      // each batch's rows with their firms, one lookup a batch as for the plans and downloads
      const withFirms = async (batch: PublicUser[]) => {
        const [rows, firms] = await Promise.all([
          rowsFor(batch),
          batch.length ? users.firmsOfMany(batch.map((user) => user._id)) : ({} as Record<string, AdminUserRow['firms']>),
        ]);
        return rows.map((row) => ({ ...row, firms: firms[row._id] ?? [] }));
      };
      let batch: PublicUser[] = [];
      for await (const user of users.exportAll()) {
        batch.push(user);
        if (batch.length === batchSize) {
          yield* await withFirms(batch);
          batch = [];
        }
      }
      yield* await withFirms(batch);
    },

    auditLog: (page: number, limit: number) => audit.page(page, limit),
  };
}
