import { EVENT_QUEUES } from '@portal/contracts';
import { ORDER_PAID, ORDER_REFUNDED, orderPaidEventSchema, orderRefundedEventSchema } from '@portal/contracts/internal';
import { consumeEvents, createQueue, createWorker, userDeletedHandler, type Logger, type QueueConnection } from '@portal/platform';
import type { ledgerUseCases } from '../domain/ledger.use-cases';
import type { statementUseCases } from '../domain/statements.use-cases';

const SCHEDULED_QUEUE = 'partners-scheduled';
const STATEMENTS = 'statements-due';

/**
 * Billing's paid orders and refunds into the ledger, a deleted person's e-mail out of it, and the
 * statements looked for on a schedule (issued once each, whichever replica runs it).
 */
export async function startCommissionJobs(
  { ledger, statements }: { ledger: ReturnType<typeof ledgerUseCases>; statements: ReturnType<typeof statementUseCases> },
  onUserDeleted: (userId: string) => Promise<unknown>,
  { connection, logger, checkEveryMs }: { connection: QueueConnection; logger: Logger; checkEveryMs: number },
) {
  const consumer = consumeEvents(
    EVENT_QUEUES.partners,
    {
      [ORDER_PAID]: (data) => ledger.onPaid(orderPaidEventSchema.parse(data)),
      [ORDER_REFUNDED]: (data) => ledger.onRefunded(orderRefundedEventSchema.parse(data)),
      ...userDeletedHandler(onUserDeleted),
    },
    connection,
    logger,
  );
  const scheduled = createQueue(SCHEDULED_QUEUE, connection);
  await scheduled.upsertJobScheduler(
    STATEMENTS,
    { every: checkEveryMs },
    { name: STATEMENTS, opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
  const issuer = createWorker(SCHEDULED_QUEUE, () => statements.issueDue(), connection);
  issuer.on('failed', (job, error) => logger.error({ err: error, job: job?.name }, 'partners job failed'));
  return {
    async close() {
      await Promise.all([consumer.close(), issuer.close()]);
      await scheduled.close();
    },
  };
}
