import { DAY_MS, formatIndianDate, planTitle } from '@portal/contracts';
import { composeMail } from '@portal/platform/mail-layout';
import type { Logger } from 'pino';
import type { MailSender } from '../../shared/ports';
import type { SubscriptionRecord, SubscriptionStore } from './ports';

/** Reminders before an end: trials 3 days and 1 day ahead, paid plans 7 days ahead. */
export const REMINDERS = [
  { id: 'trial-3d', kind: 'trial', daysBefore: 3 },
  { id: 'trial-1d', kind: 'trial', daysBefore: 1 },
  { id: 'paid-7d', kind: 'active', daysBefore: 7 },
] as const;

export interface ExpiryDeps {
  subscriptions: SubscriptionStore;
  mail: MailSender;
  publicUrl: string;
  logger: Logger;
}

function reminderText(reminder: (typeof REMINDERS)[number], subscription: SubscriptionRecord, publicUrl: string) {
  const endsAt = reminder.kind === 'trial' ? subscription.trialEnd : subscription.subscriptionEndDate;
  // the customer's day is India's
  const end = endsAt ? formatIndianDate(endsAt) : 'its end date';
  const what = reminder.kind === 'trial' ? 'free trial' : `${planTitle(subscription.plan)} subscription`;
  const days = reminder.daysBefore === 1 ? '1 day' : `${reminder.daysBefore} days`;
  return composeMail(
    {
      subject: `Your ${what} ends in ${days}`,
      paragraphs: [
        `Your ${what} of the Tax Practitioner Portal ends on ${end}.`,
        'To keep using the desktop app without a break, choose a plan.',
      ],
      action: { label: 'Choose a plan', url: `${publicUrl}/subscription` },
      after: [`Plans and prices: ${publicUrl}/pricing`],
    },
    { publicUrl },
  );
}

export function expiryUseCases({ subscriptions, mail, publicUrl, logger }: ExpiryDeps) {
  return {
    /** One bulk update per kind, safe to run any number of times. */
    expireDue: (now: Date) => subscriptions.expireDue(now),

    /**
     * Each reminder is sent once: it is marked sent before the e-mail leaves, so a retry or a
     * second worker never sends it twice (a lost e-mail is preferred over a duplicate).
     */
    async sendReminders(now: Date): Promise<number> {
      let sent = 0;
      for (const reminder of REMINDERS) {
        const from = now;
        const to = new Date(now.getTime() + reminder.daysBefore * DAY_MS);
        for (const subscription of await subscriptions.dueForReminder(reminder.kind, from, to, reminder.id)) {
          if (!(await subscriptions.markReminderSent(subscription.accountId, reminder.id))) continue;
          // the 1-day reminder makes the 3-day one pointless if both are due at once
          if (reminder.id === 'trial-1d') await subscriptions.markReminderSent(subscription.accountId, 'trial-3d');
          try {
            const endsAt = reminder.kind === 'trial' ? subscription.trialEnd : subscription.subscriptionEndDate;
            await mail.send({
              key: `expiry-reminder:${subscription.accountId}:${reminder.id}:${endsAt?.getTime() ?? 0}`,
              kind: 'expiry-reminder',
              userId: subscription.accountId,
              to: subscription.email,
              ...reminderText(reminder, subscription, publicUrl),
            });
            sent++;
          } catch (error) {
            logger.error({ err: error, userId: subscription.accountId, reminder: reminder.id }, 'reminder e-mail could not be sent');
          }
        }
      }
      return sent;
    },
  };
}
