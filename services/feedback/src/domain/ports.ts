import type { FeedbackItem, FeedbackListQuery } from '@portal/contracts';

export type NewFeedback = Pick<FeedbackItem, 'userId' | 'userEmail' | 'type' | 'component' | 'message' | 'appVersion' | 'os'>;

export interface FeedbackStore {
  create(feedback: NewFeedback): Promise<FeedbackItem>;
  listForUser(userId: string): Promise<FeedbackItem[]>;
  list(query: FeedbackListQuery): Promise<FeedbackItem[]>;
  /** null when there is no such item. */
  update(
    id: string,
    changes: Pick<FeedbackItem, 'status' | 'adminNotes' | 'resolvedBy'> & { resolvedAt: Date | null },
  ): Promise<FeedbackItem | null>;
  delete(id: string): Promise<boolean>;
  deleteForUser(userId: string): Promise<number>;
  stream(): AsyncIterable<FeedbackItem>;
}

export type { AttemptLimit } from '@portal/platform';
