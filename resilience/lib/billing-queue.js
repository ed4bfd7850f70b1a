'use strict';
// The billing service's scheduled queue, read from outside as an operator would (bullmq's own API).
const { Queue } = require('bullmq');
const { Redis } = require('ioredis');

const SCHEDULED_QUEUE = 'billing-scheduled'; // services/billing/src/jobs/billing-jobs.ts

function billingQueue(portal) {
  const connection = new Redis(portal.redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue(SCHEDULED_QUEUE, { connection, prefix: `${portal.redisPrefix}bull` });
  return {
    queue,
    /** Finished runs of a job since an instant, with their results. */
    async finishedSince(name, since) {
      const jobs = await queue.getJobs(['completed'], 0, 200);
      return jobs.filter((job) => job.name === name && job.finishedOn >= since);
    },
    /** Where a job ended up: its state, attempts, result or reason. */
    async fate(id) {
      const job = await queue.getJob(id);
      if (!job) return { state: 'removed' };
      return {
        state: await job.getState(),
        attemptsMade: job.attemptsMade,
        stalled: job.stalledCounter,
        result: job.returnvalue,
        failedReason: job.failedReason,
      };
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

module.exports = { billingQueue };
