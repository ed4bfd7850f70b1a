import type { WebhookEventType } from '@portal/contracts';
import { ACCOUNT_EVENT } from '@portal/contracts/internal';
import type { EventPublisher } from '@portal/platform';
import type { FirmDirectory } from './ports';

/** Whose account an event is in: a person's (`accountId` their id) or a firm's. */
export interface EventAccount {
  accountId: string;
  firmId: string | null;
}

export interface AccountEvents {
  /**
   * Publishes an event for the integrators' webhooks, named by `key` (the change itself, so a
   * republished event is delivered once); throws when it could not be queued, so that the step
   * that follows it stops and is run again.
   */
  publish(type: WebhookEventType, key: string, account: EventAccount, data: Record<string, unknown>, at: Date): Promise<void>;
}

/** A firm's events go to its owner's endpoints, a person's to theirs (and every event to the vendor's). */
export function accountEvents(publisher: Pick<EventPublisher, 'publish'>, firms: Pick<FirmDirectory, 'ownerOf'>): AccountEvents {
  return {
    async publish(type, key, { accountId, firmId }, data, at) {
      const userId = firmId ? await firms.ownerOf(firmId) : accountId;
      const queued = await publisher.publish(ACCOUNT_EVENT, {
        key: `${type}:${key}`,
        type,
        userId,
        firmId,
        occurredAt: at.toISOString(),
        data: { ...data, ...(firmId && { firmId }) },
      });
      if (!queued) throw new Error(`${type} could not be queued; the step is tried again`);
    },
  };
}
