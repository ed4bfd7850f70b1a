import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, CreateOrderResponse, PlanChangeQuote, PlansResponse } from '@portal/contracts';
import { api, errorMessage, trackUsage, useAuth } from '@portal/ui';
import { downloadKeys } from '../download/api';
import { TEXTS, type Message } from '../../texts';

export const subscriptionKeys = { plans: ['subscription', 'plans'] as const };

export const fetchPlans = async () => (await api.get<PlansResponse>('/api/payment/plans')).data;
export const createOrder = async (body: CreateOrderBody) =>
  (await api.post<CreateOrderResponse>('/api/payment/create-phonepe-order', body)).data;

/** The plan catalogue; it changes only when an operator edits it, so it is read once a visit. */
export const usePlans = () => useQuery({ queryKey: subscriptionKeys.plans, queryFn: fetchPlans, staleTime: Infinity });

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });

/** What choosing a plan would do for the customer's plan now, asked afresh each time it is shown. */
export const useChangeQuote = (choice: CreateOrderBody) =>
  useQuery({
    queryKey: ['subscription', 'change', choice.plan, choice.billingPeriod],
    queryFn: async () => (await api.get<PlanChangeQuote>('/api/subscription/change', { params: choice })).data,
    staleTime: 0,
    gcTime: 0,
  });

/** A lower plan or shorter period for the renewal, and taking it back; the status shows it. */
export function useScheduledSwitch() {
  const { refresh } = useAuth();
  const schedule = useMutation({
    mutationFn: (choice: CreateOrderBody) => api.post<{ message: string }>('/api/subscription/scheduled-switch', choice),
    onSuccess: () => refresh(),
  });
  const cancel = useMutation({
    mutationFn: () => api.delete<{ message: string }>('/api/subscription/scheduled-switch'),
    onSuccess: () => refresh(),
  });
  return { schedule, cancel };
}

/** Turning auto-renew off, and cancelling the subscription (with its undo); the status shows each. */
export function useRenewalSettings() {
  const { refresh } = useAuth();
  const done = { onSuccess: () => refresh() };
  const turnOffAutopay = useMutation({ mutationFn: () => api.delete<{ message: string }>('/api/subscription/autopay'), ...done });
  const cancel = useMutation({
    mutationFn: (reason: string) => api.post<{ message: string }>('/api/subscription/cancel', reason.trim() ? { reason } : {}),
    ...done,
  });
  const undoCancel = useMutation({ mutationFn: () => api.delete<{ message: string }>('/api/subscription/cancel'), ...done });
  return { turnOffAutopay, cancel, undoCancel };
}

/**
 * Starting the once-only trial, from any page that offers it: the account's status and the
 * download eligibility are refreshed, and `start()` answers the banner to show.
 */
export function useStartTrial() {
  const { status, refresh } = useAuth();
  const queries = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => api.post('/api/start-trial'),
    onSuccess: async () => {
      trackUsage('trial_started', {}, status);
      await Promise.all([refresh(), queries.invalidateQueries({ queryKey: downloadKeys.all })]);
    },
  });
  async function start(): Promise<Message> {
    try {
      await mutation.mutateAsync();
      return { kind: 'success', text: TEXTS.trialStarted };
    } catch (failure) {
      return { kind: 'error', text: errorMessage(failure, TEXTS.trialFailed) };
    }
  }
  return { start, starting: mutation.isPending };
}
