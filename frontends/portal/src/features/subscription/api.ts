import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateOrderBody,
  CreateOrderResponse,
  PcPackQuote,
  PcPacksView,
  PlanChangeQuote,
  PlansResponse,
  SubscriptionStatus,
} from '@portal/contracts';
import { api, errorMessage, trackUsage, useAuth } from '@portal/ui';
import { firmParams, type FirmScope } from '../../lib/firm-scope';
import { DOWNLOAD_KEY } from '../../lib/shared-cache';
import { TEXTS, type Message } from '../../texts';

export const subscriptionKeys = {
  plans: ['subscription', 'plans'] as const,
  firmStatus: (firmId: string) => ['subscription', 'status', firmId] as const,
};

export const fetchPlans = async () => (await api.get<PlansResponse>('/api/payment/plans')).data;
export const createOrder = async ({ firmId = null, ...body }: CreateOrderBody & { firmId?: FirmScope }) =>
  (await api.post<CreateOrderResponse>('/api/payment/create-phonepe-order', body, firmParams(firmId))).data;

/** The plan catalogue; it changes only when an operator edits it, so it is read once a visit. */
export const usePlans = () => useQuery({ queryKey: subscriptionKeys.plans, queryFn: fetchPlans, staleTime: Infinity });

export const useCreateOrder = () => useMutation({ mutationFn: createOrder });

/** What choosing a plan would do for the customer's plan now, asked afresh each time it is shown; with a promotion code once one is applied. */
export const useChangeQuote = (choice: CreateOrderBody, firmId: FirmScope = null, { enabled = true } = {}) =>
  useQuery({
    queryKey: [
      'subscription',
      'change',
      choice.plan,
      choice.billingPeriod,
      choice.taxYears ?? null,
      choice.seats ?? 1,
      choice.promotionCode ?? null,
      firmId,
    ],
    enabled,
    queryFn: async () =>
      (await api.get<PlanChangeQuote>('/api/subscription/change', { params: { ...choice, ...(firmId ? { firmId } : {}) } })).data,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** A firm's plan, as its people see it. */
export const useFirmStatus = (firmId: string) =>
  useQuery({
    queryKey: subscriptionKeys.firmStatus(firmId),
    queryFn: async () => (await api.get<SubscriptionStatus>('/api/subscription-status', firmParams(firmId))).data,
  });

/** After a change, the status that shows it is read again: the person's, or the firm's. */
function useStatusRefresh(firmId: FirmScope) {
  const { refresh } = useAuth();
  const queries = useQueryClient();
  return () => (firmId ? queries.invalidateQueries({ queryKey: subscriptionKeys.firmStatus(firmId) }) : refresh());
}

/** A lower plan, shorter period or fewer seats for the renewal, and taking it back; the status shows it. */
export function useScheduledSwitch(firmId: FirmScope = null) {
  const onSuccess = useStatusRefresh(firmId);
  const schedule = useMutation({
    mutationFn: (choice: CreateOrderBody) =>
      api.post<{ message: string }>('/api/subscription/scheduled-switch', choice, firmParams(firmId)),
    onSuccess,
  });
  const cancel = useMutation({
    mutationFn: () => api.delete<{ message: string }>('/api/subscription/scheduled-switch', firmParams(firmId)),
    onSuccess,
  });
  return { schedule, cancel };
}

/** Turning auto-renew off, and cancelling the subscription (with its undo); the status shows each. */
export function useRenewalSettings(firmId: FirmScope = null) {
  const done = { onSuccess: useStatusRefresh(firmId) };
  const scope = firmParams(firmId);
  const turnOffAutopay = useMutation({ mutationFn: () => api.delete<{ message: string }>('/api/subscription/autopay', scope), ...done });
  const cancel = useMutation({
    mutationFn: (reason: string) => api.post<{ message: string }>('/api/subscription/cancel', reason.trim() ? { reason } : {}, scope),
    ...done,
  });
  const undoCancel = useMutation({ mutationFn: () => api.delete<{ message: string }>('/api/subscription/cancel', scope), ...done });
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
      await Promise.all([refresh(), queries.invalidateQueries({ queryKey: DOWNLOAD_KEY })]);
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

const pcPackKeys = { all: (firmId: FirmScope) => ['subscription', 'pc-packs', firmId] as const };

/** The activation limit the plan gives and the packs of extra PCs bought for it. */
export const usePcPacks = (firmId: FirmScope = null) =>
  useQuery({
    queryKey: pcPackKeys.all(firmId),
    queryFn: async () => (await api.get<PcPacksView>('/api/subscription/pc-packs', firmParams(firmId))).data,
  });

/** What a pack of `pcs` would cost now, prorated to the term's end; asked afresh each time it is shown. */
export const usePcPackQuote = (pcs: number, firmId: FirmScope, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: [...pcPackKeys.all(firmId), 'quote', pcs],
    enabled,
    queryFn: async () =>
      (await api.get<PcPackQuote>('/api/subscription/pc-packs/quote', { params: { pcs, ...(firmId ? { firmId } : {}) } })).data,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Orders the pack at the server's price; the caller goes on to PhonePe's checkout. */
export const useCreatePcPackOrder = (firmId: FirmScope) =>
  useMutation({
    mutationFn: async (pcs: number) =>
      (await api.post<CreateOrderResponse>('/api/payment/create-pc-pack-order', { pcs }, firmParams(firmId))).data,
  });
