import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged, TransactionRow } from '@portal/contracts';
import { api } from '@portal/ui';

export type TransactionsQuery = { startDate: string; endDate: string; transactionId: string; page: number };
export type TransactionList = { transactions: TransactionRow[] } & Paged;

export const transactionKeys = { list: (query: TransactionsQuery) => ['transactions', query] as const };

export async function fetchTransactions({ transactionId, ...rest }: TransactionsQuery) {
  const params = { ...rest, ...(transactionId ? { transactionId } : {}) };
  return (await api.get<TransactionList>('/api/admin/transactions', { params })).data;
}

/** The applied filters' page of payments; the rows shown stay until new filters answer. */
export const useTransactions = (query: TransactionsQuery) =>
  useQuery({ queryKey: transactionKeys.list(query), queryFn: () => fetchTransactions(query), placeholderData: keepPreviousData });
