import { createQueue, createWorker, type Logger, type Metrics, type QueueConnection } from '@portal/platform';
import type { expiryUseCases } from '../subscriptions/domain/expiry.use-cases';
import type { paymentUseCases } from '../payments/domain/payment.use-cases';
import type { refundUseCases } from '../payments/domain/refund.use-cases';
import type { renewalUseCases } from '../payments/domain/renewal.use-cases';
import type { firmSeatEventsUseCases } from '../subscriptions/domain/firm-seat-events.use-cases';

export const SCHEDULED_QUEUE = 'billing-scheduled';

export interface BillingJobsDeps {
  connection: QueueConnection;
  expiry: ReturnType<typeof expiryUseCases>;
  payments: ReturnType<typeof paymentUseCases>;
  refunds: ReturnType<typeof refundUseCases>;
  renewals: Pick<ReturnType<typeof renewalUseCases>, 'run'>;
  firmSeats: Pick<ReturnType<typeof firmSeatEventsUseCases>, 'replay'>;
  logger: Logger;
  metrics: Metrics;
  every: { expirySweepMs: number; remindersMs: number; reconcileMs: number; renewalsMs: number; firmSeatsReplayMs: number };
  reconcileAfterMs: number;
  now?: () => Date;
}

/**
 * The scheduled jobs (expiry sweep, reminders, reconciliation of PhonePe orders and refunds,
 * renewals by UPI Autopay, the replay of the firms' seats to auth). Schedulers are upserted, so any number of instances starting at once
 * leave one schedule each; every job is idempotent, so a retry or a duplicate changes nothing.
 */
export async function startBillingJobs(deps: BillingJobsDeps): Promise<{ close(): Promise<void> }> {
  const now = deps.now ?? (() => new Date());
  const expired = deps.metrics.counter('billing_subscriptions_expired_total', 'Subscriptions moved to expired by the sweep', ['kind']);
  const reminders = deps.metrics.counter('billing_reminders_sent_total', 'Reminder e-mails sent');
  const reconciled = deps.metrics.counter('billing_orders_reconciled_total', 'Orders settled by reconciliation');
  const refundsReconciled = deps.metrics.counter('billing_refunds_reconciled_total', 'Refunds settled by reconciliation');

  const renewalSteps = deps.metrics.counter('billing_renewal_steps_total', 'Steps of UPI Autopay renewals', ['step']);

  const scheduled = createQueue(SCHEDULED_QUEUE, deps.connection);
  const defaults = { removeOnComplete: 100, removeOnFail: 500, attempts: 3, backoff: { type: 'exponential', delay: 5_000 } };
  await scheduled.upsertJobScheduler(
    'subscription-expiry',
    { every: deps.every.expirySweepMs },
    { name: 'subscription-expiry', opts: defaults },
  );
  await scheduled.upsertJobScheduler(
    'subscription-reminders',
    { every: deps.every.remindersMs },
    { name: 'subscription-reminders', opts: defaults },
  );
  await scheduled.upsertJobScheduler(
    'order-reconciliation',
    { every: deps.every.reconcileMs },
    { name: 'order-reconciliation', opts: defaults },
  );

  await scheduled.upsertJobScheduler(
    'subscription-renewals',
    { every: deps.every.renewalsMs },
    { name: 'subscription-renewals', opts: defaults },
  );
  await scheduled.upsertJobScheduler(
    'firm-seats-replay',
    { every: deps.every.firmSeatsReplayMs },
    { name: 'firm-seats-replay', opts: defaults },
  );

  const scheduledWorker = createWorker(
    SCHEDULED_QUEUE,
    async (job) => {
      switch (job.name) {
        case 'subscription-expiry': {
          const result = await deps.expiry.expireDue(now());
          expired.inc({ kind: 'trial' }, result.trials);
          expired.inc({ kind: 'paid' }, result.paid);
          return result;
        }
        case 'subscription-reminders': {
          const sent = await deps.expiry.sendReminders(now());
          reminders.inc(sent);
          return { sent };
        }
        case 'order-reconciliation': {
          const settled = await deps.payments.reconcile(deps.reconcileAfterMs);
          reconciled.inc(settled);
          const refunds = await deps.refunds.reconcile(deps.reconcileAfterMs);
          refundsReconciled.inc(refunds);
          return { settled, refunds };
        }
        case 'subscription-renewals': {
          const steps = await deps.renewals.run();
          for (const [step, count] of Object.entries(steps)) renewalSteps.inc({ step }, count);
          return steps;
        }
        case 'firm-seats-replay':
          return deps.firmSeats.replay();
        default:
          throw new Error(`unknown job ${job.name}`);
      }
    },
    deps.connection,
  );

  // one line a run, named by the run's id, so that across replicas each run is seen once; a run
  // that changed nothing is a debug line, or a quiet portal would log one a minute
  scheduledWorker.on('completed', (job, result: Record<string, unknown>) => {
    const changed = Object.values(result ?? {}).some((count) => typeof count === 'number' && count > 0);
    deps.logger[changed ? 'info' : 'debug']({ job: job.name, jobId: job.id, result }, 'billing job done');
  });
  scheduledWorker.on('failed', (job, error) =>
    deps.logger.error({ err: error, job: job?.name, attempts: job?.attemptsMade }, 'billing job failed'),
  );
  return {
    async close() {
      await scheduledWorker.close();
      await scheduled.close();
    },
  };
}
