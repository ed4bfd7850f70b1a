import { DAY_MS, formatIndianDate, istDateOf, planTitle, taxYearEnds, taxYearLabel, taxYearName, taxYearOf } from '@portal/contracts';
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

/**
 * The filing season's run-up: a tax-year term ending on 31 March is reminded on these days (India's
 * MM-DD), once each; a day missed while the job was down is not sent late once a later one is due.
 */
export const SEASON_REMINDER_DAYS = ['02-01', '03-01', '03-24'] as const;

/** The season reminder due on India's day of `now` for the term ending this 31 March, or null outside February and March. */
export function seasonReminderDue(now: Date): { year: number; day: (typeof SEASON_REMINDER_DAYS)[number]; earlier: string[] } | null {
  const today = istDateOf(now).slice(5);
  if (today > '03-31') return null;
  const due = SEASON_REMINDER_DAYS.filter((day) => day <= today);
  const day = due.at(-1);
  return day ? { year: taxYearOf(now), day, earlier: due.slice(0, -1) } : null;
}

const seasonReminderId = (year: number, day: string) => `season-${taxYearName(year)}-${day}`;

function seasonText(subscription: SubscriptionRecord, year: number, publicUrl: string) {
  const plan = planTitle(subscription.plan);
  const end = formatIndianDate(taxYearEnds(year));
  return composeMail(
    {
      subject: `Renew ${plan} for ${taxYearLabel(year + 1)} before ${end}`,
      paragraphs: [
        `Your ${plan} plan for ${taxYearLabel(year)} ends on ${end}.`,
        `Renew it for ${taxYearLabel(year + 1)} now, so the desktop app and its updates for the new year's law go on without a break in the filing season.`,
      ],
      action: { label: `Renew for ${taxYearLabel(year + 1)}`, url: `${publicUrl}/subscription?plan=${subscription.plan}&period=tax-year` },
    },
    { publicUrl },
  );
}

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
  /** The season's reminder of the day to each tax-year term ending this 31 March, once; the days before it are then marked too. */
  async function sendSeasonReminders(now: Date): Promise<number> {
    const due = seasonReminderDue(now);
    if (!due) return 0;
    const end = taxYearEnds(due.year);
    const id = seasonReminderId(due.year, due.day);
    let sent = 0;
    for (const subscription of await subscriptions.dueForReminder('active', new Date(end.getTime() - 1), end, id)) {
      if (subscription.billingPeriod !== 'tax-year' || !(await subscriptions.markReminderSent(subscription.accountId, id))) continue;
      for (const day of due.earlier) await subscriptions.markReminderSent(subscription.accountId, seasonReminderId(due.year, day));
      try {
        await mail.send({
          key: `season-reminder:${subscription.accountId}:${id}`,
          kind: 'expiry-reminder',
          userId: subscription.accountId,
          to: subscription.email,
          ...seasonText(subscription, due.year, publicUrl),
          brief: { date: formatIndianDate(end) },
        });
        sent++;
      } catch (error) {
        logger.error({ err: error, userId: subscription.accountId, reminder: id }, 'season reminder could not be sent');
      }
    }
    return sent;
  }

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
              ...(endsAt && { brief: { date: formatIndianDate(endsAt) } }),
            });
            sent++;
          } catch (error) {
            logger.error({ err: error, userId: subscription.accountId, reminder: reminder.id }, 'reminder e-mail could not be sent');
          }
        }
      }
      return sent + (await sendSeasonReminders(now));
    },
  };
}
