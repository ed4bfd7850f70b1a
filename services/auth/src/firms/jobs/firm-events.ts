import { EVENT_QUEUES } from '@portal/contracts';
import { FIRM_EVENTS } from '@portal/contracts/internal';
import { consumeEvents, createQueue, createWorker, type Logger, type QueueConnection } from '@portal/platform';
import type { firmEventsUseCases } from '../domain/firm-events.use-cases';

const SCHEDULED_QUEUE = 'auth-scheduled';
const REPLAY = 'firm-members-replay';

/**
 * auth's queues for the firm events: billing's `firm.seats-changed` consumed into the
 * read model, and a scheduled replay of every firm's members (one run per period, whichever
 * instance takes it), which repairs what billing missed while an event could not be published.
 */
export async function startFirmEvents(
  events: ReturnType<typeof firmEventsUseCases>,
  connection: QueueConnection,
  logger: Logger,
  replayEveryMs: number,
) {
  const consumer = consumeEvents(EVENT_QUEUES.auth, { [FIRM_EVENTS.seatsChanged]: events.applySeats }, connection, logger);
  const scheduled = createQueue(SCHEDULED_QUEUE, connection);
  await scheduled.upsertJobScheduler(
    REPLAY,
    { every: replayEveryMs },
    { name: REPLAY, opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
  const replayer = createWorker(SCHEDULED_QUEUE, () => events.replay(), connection);
  replayer.on('completed', (job, result: { sent: number }) => logger.debug({ job: job.name, jobId: job.id, result }, 'auth job done'));
  replayer.on('failed', (job, error) => logger.error({ err: error, job: job?.name }, 'auth job failed'));
  return {
    async close() {
      await Promise.all([consumer.close(), replayer.close()]);
      await scheduled.close();
    },
  };
}
