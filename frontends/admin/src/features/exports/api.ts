import { istDateOf } from '@portal/contracts';
import { downloadFile } from '@portal/ui/save-file';

export type ExportKind = 'users' | 'transactions' | 'feedback';

/** Saves an export as {kind}_{date}.csv; a failure is only logged (behaviour.md §8). */
export async function exportCsv(kind: ExportKind, params: Record<string, string> = {}) {
  try {
    await downloadFile(`/api/admin/export/${kind}`, `${kind}_${istDateOf(new Date())}.csv`, params);
  } catch (error) {
    console.warn(`export of ${kind} failed`, error);
  }
}
