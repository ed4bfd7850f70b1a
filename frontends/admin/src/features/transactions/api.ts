import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GstReportSection, Paged, PaymentRefunds, RefundRequest, RefundView, TransactionRow } from '@portal/contracts';
import { api } from '@portal/ui';
import { downloadFile } from '@portal/ui/save-file';

export type TransactionsQuery = { startDate: string; endDate: string; transactionId: string; page: number };
export type TransactionList = { transactions: TransactionRow[] } & Paged;

export const transactionKeys = {
  all: ['transactions'] as const,
  ofUser: (userId: string) => ['transactions', 'user', userId] as const,
  list: (query: TransactionsQuery) => ['transactions', query] as const,
  refunds: (merchantOrderId: string) => ['transactions', 'refunds', merchantOrderId] as const,
};
const refundsPath = (merchantOrderId: string) => `/api/admin/transactions/${encodeURIComponent(merchantOrderId)}/refunds`;

export async function fetchTransactions({ transactionId, ...rest }: TransactionsQuery) {
  const params = { ...rest, ...(transactionId ? { transactionId } : {}) };
  return (await api.get<TransactionList>('/api/admin/transactions', { params })).data;
}

/** The applied filters' page of payments; the rows shown stay until new filters answer. */
export const useTransactions = (query: TransactionsQuery) =>
  useQuery({ queryKey: transactionKeys.list(query), queryFn: () => fetchTransactions(query), placeholderData: keepPreviousData });

export const fetchRefunds = async (merchantOrderId: string) => (await api.get<PaymentRefunds>(refundsPath(merchantOrderId))).data;
export const useRefunds = (merchantOrderId: string) =>
  useQuery({ queryKey: transactionKeys.refunds(merchantOrderId), queryFn: () => fetchRefunds(merchantOrderId) });

/** Asks for a refund; the payments and their refunds are read again, as the refund may already have completed. */
export function useRequestRefund() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ merchantOrderId, body }: { merchantOrderId: string; body: RefundRequest }) =>
      (await api.post<{ message: string; refund: RefundView }>(refundsPath(merchantOrderId), body)).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}

/** Before the portal took any payment: a user's whole payment history starts after it. */
const FIRST_PAYMENT_DATE = '2020-01-01';

/** One user's payments, newest first (the first page is more than a user ever makes). */
export const useUserPayments = (userId: string) =>
  useQuery({
    queryKey: transactionKeys.ofUser(userId),
    queryFn: async () =>
      (await api.get<TransactionList>('/api/admin/transactions', { params: { userId, startDate: FIRST_PAYMENT_DATE } })).data.transactions,
  });

/** One GSTR-1 section of a month, saved as the file the GST offline tool imports. */
export const downloadGstReport = (month: string, section: GstReportSection) =>
  downloadFile('/api/admin/export/gst', `gstr1_${section}_${month}.csv`, { month, section });
