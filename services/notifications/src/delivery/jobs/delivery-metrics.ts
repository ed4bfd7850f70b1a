import { Counter, Gauge } from 'prom-client';
import { DELIVERY_STATES } from '@portal/contracts';
import type { Metrics } from '@portal/platform';
import type { MessageStore } from '../domain/ports';

/**
 * What operators watch: messages by state and the age of the oldest one waiting (read from the
 * store at each scrape, so every replica reports the same), and the tries' outcomes of this process.
 */
export function deliveryMetrics(metrics: Metrics, store: MessageStore, now: () => Date) {
  const tries = new Counter({
    name: 'notifications_delivery_tries_total',
    help: 'Delivery tries by outcome: sent, retried (another try is scheduled), failed (no try left) or withheld (unsubscribed)',
    labelNames: ['outcome'],
    registers: [metrics.registry],
  });
  new Gauge({
    name: 'notifications_messages',
    help: 'Messages by delivery state',
    labelNames: ['state'],
    registers: [metrics.registry],
    async collect() {
      const counts = await store.countByState();
      for (const state of DELIVERY_STATES) this.set({ state }, counts[state]);
    },
  });
  new Gauge({
    name: 'notifications_oldest_waiting_seconds',
    help: 'Age of the oldest message not yet sent nor failed (0 when none waits)',
    registers: [metrics.registry],
    async collect() {
      const oldest = await store.oldestWaiting();
      this.set(oldest ? Math.max(0, (now().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });
  return { onOutcome: (outcome: 'sent' | 'retried' | 'failed' | 'withheld') => tries.inc({ outcome }) };
}
