import {
  AUDIT_RECORDED,
  DAY_MS,
  EVENT_QUEUES,
  SECURITY_RECORDED,
  USER_DELETED,
  type AuditEvent,
  type SecurityEvent,
} from '@portal/contracts';
import { createQueue, createWorker, type Logger, type QueueConnection } from '@portal/platform';
import type { securityLogUseCases } from '../domain/security-log.use-cases';
import type { AuditStore, UserDeletedPublisher } from '../domain/ports';

const OUTBOX_QUEUE = 'admin-reporting-scheduled';
// Services that hold data of a user and delete it on `user.deleted`.
const DELETION_QUEUES = [
  EVENT_QUEUES.billing,
  EVENT_QUEUES.download,
  EVENT_QUEUES.feedback,
  EVENT_QUEUES.notifications,
  EVENT_QUEUES.partners,
] as const;

/** Publishes `user.deleted` to each service's queue; one job id per user, so a re-publish is a no-op. */
export function createUserDeletedPublisher(connection: QueueConnection): UserDeletedPublisher & { close(): Promise<void> } {
  const queues = DELETION_QUEUES.map((name) => createQueue(name, connection));
  const publish = async (userId: string) => {
    await Promise.all(
      queues.map((queue) =>
        queue.add(
          USER_DELETED,
          { userId },
          {
            jobId: `user-deleted-${userId}`,
            attempts: 10,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: 1000,
            removeOnFail: 5000,
          },
        ),
      ),
    );
  };
  return Object.assign(publish, { close: async () => void (await Promise.all(queues.map((queue) => queue.close()))) });
}

/**
 * Stores the audit and security events other services publish (an admin action goes to both
 * logs), re-publishes deletions still in the outbox, and once a day removes the security log's
 * entries past their retention.
 */
export async function startReportingJobs(deps: {
  connection: QueueConnection;
  audit: AuditStore;
  security: ReturnType<typeof securityLogUseCases>;
  publishPending: () => Promise<number>;
  outboxEveryMs: number;
  logger: Logger;
}) {
  const auditWorker = createWorker<AuditEvent | SecurityEvent>(
    EVENT_QUEUES.auditLog,
    async (job) => {
      if (job.name === SECURITY_RECORDED) return deps.security.record(job.data as SecurityEvent);
      if (job.name !== AUDIT_RECORDED) throw new Error(`unknown event ${job.name}`);
      const event = job.data as AuditEvent;
      await deps.audit.add(event);
      await deps.security.recordAdminAction(event);
    },
    deps.connection,
  );
  const outbox = createQueue(OUTBOX_QUEUE, deps.connection);
  await outbox.upsertJobScheduler(
    'deletion-outbox',
    { every: deps.outboxEveryMs },
    { name: 'deletion-outbox', opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
  await outbox.upsertJobScheduler(
    'security-log-retention',
    { every: DAY_MS },
    { name: 'security-log-retention', opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
  const outboxWorker = createWorker(
    OUTBOX_QUEUE,
    (job) => (job.name === 'security-log-retention' ? deps.security.prune() : deps.publishPending()),
    deps.connection,
  );
  for (const worker of [auditWorker, outboxWorker])
    worker.on('failed', (job, error) => deps.logger.error({ err: error, job: job?.name }, 'admin-reporting job failed'));
  return {
    async close() {
      await Promise.all([auditWorker.close(), outboxWorker.close()]);
      await outbox.close();
    },
  };
}
