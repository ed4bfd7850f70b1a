import { istDateOf } from '@portal/contracts';
import { api } from '@portal/ui';

export type ExportKind = 'users' | 'transactions' | 'feedback';

/** Saves an export as {kind}_{date}.csv; a failure is only logged (spec §8). */
export async function exportCsv(kind: ExportKind, params: Record<string, string> = {}) {
  try {
    const { data } = await api.get<Blob>(`/api/admin/export/${kind}`, { params, responseType: 'blob' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(data);
    link.download = `${kind}_${istDateOf(new Date())}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  } catch (error) {
    console.warn(`export of ${kind} failed`, error);
  }
}
