import type { TrackUsageBody } from '@portal/contracts';
import type { UsageStore } from './ports';

/** Usage tracking from the pages: one event per call, stamped now. */
export function usageUseCases(usage: UsageStore, { now = () => new Date() }: { now?: () => Date } = {}) {
  return {
    track: (userId: string, event: TrackUsageBody) => usage.add({ userId, action: event.action, details: event.details ?? {}, at: now() }),
  };
}
