import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_LIST_LIMIT, type FeedbackItem } from '@portal/contracts';
import { api } from '@portal/ui';
import { FEEDBACK_KEY } from '../../lib/shared-cache';

export type FeedbackFilter = { status: string; component: string; type: string };

export const feedbackKeys = { all: FEEDBACK_KEY, list: (filter: FeedbackFilter) => [...FEEDBACK_KEY, filter] as const };

export async function fetchFeedback(filter: FeedbackFilter) {
  const chosen = Object.entries(filter).filter(([, value]) => value !== 'all');
  const params = Object.fromEntries([...chosen, ['limit', String(FEEDBACK_LIST_LIMIT)]]);
  return (await api.get<{ feedback: FeedbackItem[] }>('/api/admin/feedback', { params })).data.feedback;
}
export const updateFeedback = ({ id, status, adminNotes }: { id: string; status: string; adminNotes: string }) =>
  api.put(`/api/admin/feedback/${id}`, { status, adminNotes });
export const deleteFeedback = (id: string) => api.delete(`/api/admin/feedback/${id}`);

/** A failed load is only logged (by the query cache, behaviour.md §8): the tab keeps what it showed. */
export const useFeedbackList = (filter: FeedbackFilter) =>
  useQuery({ queryKey: feedbackKeys.list(filter), queryFn: () => fetchFeedback(filter) });

/** A triage change refetches the list, so the counters and the tab's badge move with it. */
function useFeedbackChange<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: feedbackKeys.all }) });
}
export const useUpdateFeedback = () => useFeedbackChange(updateFeedback);

/**
 * A deleted user's feedback leaves the tab at once (D9). The feedback service removes it when the
 * deletion's event reaches it, a moment later, so a refetch now could still bring it back.
 */
export const useDeleteFeedback = () => useFeedbackChange(deleteFeedback);

/**
 * The feedback tab's list and filters, held by the dashboard so the tab's badge shows the open
 * count from the start; the counters are computed from what was fetched (behaviour.md §3).
 */
export function useFeedback() {
  const [filter, setFilter] = useState<FeedbackFilter>({ status: 'all', component: 'all', type: 'all' });
  const list = useFeedbackList(filter);
  const items = list.data ?? [];
  const count = (status: string) => items.filter((item) => item.status === status).length;
  return {
    items,
    loading: list.isFetching,
    refresh: () => list.refetch(),
    filter,
    setFilter,
    counts: { total: items.length, open: count('open'), resolved: count('resolved'), dismissed: count('dismissed') },
  };
}
