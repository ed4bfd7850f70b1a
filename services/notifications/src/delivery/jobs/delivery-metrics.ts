import { Counter, Gauge } from 'prom-client';
import type { Logger } from 'pino';
import { DELIVERY_STATES, type DeliveryState } from '@portal/contracts';
import type { Metrics } from '@portal/platform';
import type { MessageStore } from '../domain/ports';

/**
 * What operators watch: messages by state and the age of the oldest one waiting (counted in the
 * store every `countEveryMs`, so that every replica reports the same and a scrape costs the
 * database nothing), and the tries' outcomes of this process.
 */
export function deliveryMetrics(
  metrics: Metrics,
  store: MessageStore,
  { now, logger, countEveryMs }: { now: () => Date; logger: Logger; countEveryMs: number },
) {
  const tries = new Counter({
    name: 'notifications_delivery_tries_total',
    help: 'Delivery tries by outcome: sent, retried (another try is scheduled), failed (no try left) or withheld (unsubscribed)',
    labelNames: ['outcome'],
    registers: [metrics.registry],
  });
  let counted: { byState: Record<DeliveryState, number>; oldestWaiting: Date | null } | null = null;
  const count = async () => {
    try {
      counted = { byState: await store.countByState(), oldestWaiting: await store.oldestWaiting() };
    } catch (error) {
      logger.warn({ err: error }, 'messages could not be counted for the metrics; the last count stands');
    }
  };
  void count();
  const counting = setInterval(() => void count(), countEveryMs);
  counting.unref();
  new Gauge({
    name: 'notifications_messages',
    help: 'Messages by delivery state, as of the last count (MESSAGE_COUNT_MS)',
    labelNames: ['state'],
    registers: [metrics.registry],
    collect() {
      if (counted) for (const state of DELIVERY_STATES) this.set({ state }, counted.byState[state]);
    },
  });
  new Gauge({
    name: 'notifications_oldest_waiting_seconds',
    help: 'Age of the oldest message not yet sent nor failed, as of the last count (0 when none waits)',
    registers: [metrics.registry],
    collect() {
      const oldest = counted?.oldestWaiting;
      this.set(oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  return {
    onOutcome: (outcome: 'sent' | 'retried' | 'failed' | 'withheld') => tries.inc({ outcome }),
    close: () => clearInterval(counting),
  };
}
