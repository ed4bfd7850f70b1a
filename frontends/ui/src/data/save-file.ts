import { api } from '@portal/ui';

/**
 * Fetches a file through the API client (so the user's token goes with it) and hands it to the
 * browser as a download named `filename`.
 */
export async function downloadFile(url: string, filename: string, params?: Record<string, string>): Promise<void> {
  const { data } = await api.get<Blob>(url, { params, responseType: 'blob' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(data);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}
