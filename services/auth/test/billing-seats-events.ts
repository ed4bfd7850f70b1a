import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENT_QUEUES } from '@portal/contracts';
import { FIRM_EVENTS, type FirmSeatsChangedEvent } from '@portal/contracts/internal';
import type { TestDatabase, TestRedis } from '@portal/platform/testing';

/**
 * billing, as auth's firm tests meet it: `firm.seats-changed` published on auth's own queue in
 * Redis, as billing publishes it. `set` waits until auth's consumer has taken the event in.
 */
export function billingSeatsEvents(redis: TestRedis, db: TestDatabase) {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  const queue = new Queue(EVENT_QUEUES.auth, { connection, prefix: `${redis.prefix}bull` });
  let revision = Date.now() * 1000;
  const stored = (firmId: string) => db.connection.collection('firm_seats').findOne({ _id: firmId as never });

  async function publish(event: FirmSeatsChangedEvent) {
    await queue.add(FIRM_EVENTS.seatsChanged, event);
  }
  async function taken(check: () => Promise<boolean>) {
    for (const deadline = Date.now() + 10_000; !(await check());) {
      if (Date.now() > deadline) throw new Error('auth did not take the seats in');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return {
    publish,
    nextRevision: () => ++revision,
    stored,
    taken,
    async set(firmId: string, seats: number, paidUntil: Date | null = null) {
      const event = { firmId, revision: ++revision, seats, paidUntil: paidUntil?.toISOString() ?? null };
      await publish(event);
      await taken(async () => (await stored(firmId))?.revision === event.revision);
    },
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}
