import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackItem } from '@portal/contracts';

/**
 * The cached answers one feature refreshes for another (the features import none of each other):
 * a change to a user moves the analytics, and a deleted user's feedback leaves the feedback tab.
 */
export const ANALYTICS_KEY = ['analytics'] as const;
export const FEEDBACK_KEY = ['feedback'] as const;

/** Takes a deleted user's items out of every cached feedback list, without fetching them again. */
export function useForgetFeedbackOf() {
  const queries = useQueryClient();
  return (userId: string) =>
    queries.setQueriesData<FeedbackItem[]>({ queryKey: FEEDBACK_KEY }, (list) => list?.filter((item) => item.userId !== userId));
}
