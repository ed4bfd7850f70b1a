import type { MyAccountData } from '@portal/contracts';
import type { AuthAccountData } from '@portal/contracts/internal';
import type {
  AuditStore,
  DeliveryLogReader,
  DownloadReader,
  FeedbackReader,
  NotificationPreferencesReader,
  PartnerReader,
  SubscriptionReader,
  UserDirectory,
} from './ports';

export interface AccountDataDeps {
  users: Pick<UserDirectory, 'accountData'>;
  subscriptions: Pick<SubscriptionReader, 'accountData'>;
  downloads: DownloadReader;
  feedback: FeedbackReader;
  partners: PartnerReader;
  notifications: Pick<DeliveryLogReader, 'log'> & NotificationPreferencesReader;
  audit: Pick<AuditStore, 'add'>;
  now?: () => Date;
}

/**
 * "Download my data" (the DPDP Act's right of access): each service's part of what it
 * holds about the person, joined here as account deletion is run here, and recorded once.
 */
export function accountDataUseCases(deps: AccountDataDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async myData(userId: string): Promise<MyAccountData> {
      const [account, billing, [downloads], feedback, notificationPreferences, phone, webhookEndpoints, partner] = await Promise.all([
        deps.users.accountData(userId),
        deps.subscriptions.accountData(userId),
        deps.downloads.summaries([userId]),
        deps.feedback.accountData(userId),
        deps.notifications.preferences(userId),
        deps.notifications.phone(userId),
        deps.notifications.webhooks(userId),
        deps.partners.accountData(userId),
      ]);
      const { email } = account.profile;
      // what went to their address before it was their account's (an invitation) is theirs too
      const messages = await deps.notifications.log({ userId, email });
      const exportedAt = now().toISOString();
      await deps.audit.add({
        actor: email,
        action: 'user.data-downloaded',
        target: { type: 'user', id: userId, label: email },
        at: exportedAt,
        service: 'admin-reporting',
      });
      return {
        exportedAt,
        ...(account as Omit<AuthAccountData, 'profile'> & Pick<MyAccountData, 'profile'>),
        ...billing,
        downloads: downloads?.downloadHistory ?? [],
        ...feedback,
        messages,
        notificationPreferences,
        webhookEndpoints,
        phone,
        ...partner,
      };
    },
  };
}
