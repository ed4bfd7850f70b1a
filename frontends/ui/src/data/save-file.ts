import { useState } from 'react';
import { api } from '@portal/ui';

/**
 * How long a download may take in all. A call gets 10 s, but a CSV export of a large directory
 * streams for a minute or more on the embedded store; the gateway already ends one that falls
 * silent for 60 s.
 */
export const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Fetches a file through the API client (so the user's token goes with it) and hands it to the
 * browser as a download named `filename`.
 */
export async function downloadFile(url: string, filename: string, params?: Record<string, string>): Promise<void> {
  const { data } = await api.get<Blob>(url, { params, responseType: 'blob', timeout: DOWNLOAD_TIMEOUT_MS });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(data);
  link.download = filename;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A button's download, with whether the last one failed, for the message beside it. */
export function useFileDownload() {
  const [failed, setFailed] = useState(false);
  async function download(url: string, filename: string) {
    setFailed(false);
    try {
      await downloadFile(url, filename);
    } catch {
      setFailed(true);
    }
  }
  return { download, failed };
}
