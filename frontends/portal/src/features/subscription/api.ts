import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody, CreateOrderResponse, PlansResponse } from '@portal/contracts';
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
