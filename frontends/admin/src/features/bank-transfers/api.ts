import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankReceiptView,
  CreditTds,
  ProformaView,
  RecordReceipt,
  ReceiptOutcome,
  StatementImportView,
  TdsView,
} from '@portal/contracts';
import { api } from '@portal/ui';

const KEY = ['bank-transfers'] as const;
type Applied = { receipt: BankReceiptView; proforma: ProformaView | undefined; outcome: ReceiptOutcome };

export const useOpenProformas = () =>
  useQuery({
    queryKey: [...KEY, 'proformas'],
    queryFn: async () => (await api.get<{ proformas: ProformaView[] }>('/api/admin/proformas')).data.proformas,
  });
export const useUnappliedReceipts = () =>
  useQuery({
    queryKey: [...KEY, 'unapplied'],
    queryFn: async () =>
      (await api.get<{ receipts: BankReceiptView[] }>('/api/admin/bank-receipts', { params: { state: 'unapplied' } })).data.receipts,
  });

/** Every change refetches both lists: a credit may pay a pro-forma and leave the unapplied list at once. */
function useBankChange<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queries = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queries.invalidateQueries({ queryKey: KEY }) });
}

export const useRecordReceipt = () =>
  useBankChange(
    async ({ reference, ...body }: RecordReceipt & { reference: string }) =>
      (await api.post<Applied>(`/api/admin/proformas/${reference}/receipts`, body)).data,
  );
export const useUploadStatement = () =>
  useBankChange(
    async (csv: string) =>
      (await api.post<StatementImportView>('/api/admin/bank-statements', csv, { headers: { 'Content-Type': 'text/csv' } })).data,
  );
export const useApplyReceipt = () =>
  useBankChange(
    async ({ utr, reference }: { utr: string; reference: string }) =>
      (await api.post<Applied>(`/api/admin/bank-receipts/${utr}/apply`, { reference })).data,
  );
export const useReturnReceipt = () =>
  useBankChange(
    async ({ utr, note }: { utr: string; note: string }) =>
      (await api.post<{ receipt: BankReceiptView }>(`/api/admin/bank-receipts/${utr}/return`, { note })).data.receipt,
  );

/** The TDS register: what buyers deducted, with their Form 16A. */
export const useTdsRegister = () =>
  useQuery({ queryKey: [...KEY, 'tds'], queryFn: async () => (await api.get<{ tds: TdsView[] }>('/api/admin/tds')).data.tds });
export const useCreditTds = () =>
  useBankChange(
    async ({ reference, ...body }: CreditTds & { reference: string }) =>
      (await api.post<{ tds: TdsView }>(`/api/admin/tds/${reference}/credit`, body)).data.tds,
  );
export const useRejectTds = () =>
  useBankChange(
    async ({ reference, reason }: { reference: string; reason: string }) =>
      (await api.post<{ tds: TdsView }>(`/api/admin/tds/${reference}/reject`, { reason })).data.tds,
  );
