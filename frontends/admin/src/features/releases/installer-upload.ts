import { useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { RELEASE_UPLOADS_PATH } from '@portal/contracts';
import { session } from '@portal/ui';

/** 8 MB a request: a part lost on a slow line costs little to send again. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** A dropped line is tried again for about a minute before the admin is asked to resume. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 20_000];

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; sent: number; size: number; resumed: boolean }
  | { phase: 'stopped'; sent: number; size: number; error: string }
  | { phase: 'whole'; uploadId: string; size: number };

/** What the admin is told, by the server's answer to the last part (none when the line dropped). */
function failureText(error: Error | DetailedError): string {
  const status = 'originalResponse' in error ? error.originalResponse?.getStatus() : undefined;
  if (status === 401) return 'Your admin session has ended. Sign in again, choose the same file, and the upload resumes.';
  if (status === 413) return 'The installer is larger than the portal accepts.';
  return 'The line dropped.';
}

/**
 * Sends an installer by the tus protocol (tus-js-client): in parts, each confirmed by the server,
 * tried again when the line drops, and remembered in this browser by the file's name, size and
 * date, so choosing the same file after a reload or a new sign-in resumes from the last part kept.
 */
export function useInstallerUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const current = useRef<Upload | null>(null);

  async function start(file: File): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      let resumed = false;
      const upload = new Upload(file, {
        endpoint: RELEASE_UPLOADS_PATH,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS_MS,
        metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
        headers: { Authorization: `Bearer ${session.adminToken() ?? ''}` },
        removeFingerprintOnSuccess: true,
        onProgress: (sent, size) => setState({ phase: 'uploading', sent, size, resumed }),
        onError: (error) => {
          setState((last) => ({
            phase: 'stopped',
            sent: last.phase === 'uploading' ? last.sent : 0,
            size: file.size,
            error: failureText(error),
          }));
          reject(error);
        },
        onSuccess: () => {
          const uploadId = (upload.url ?? '').split('/').pop() ?? '';
          setState({ phase: 'whole', uploadId, size: file.size });
          resolve(uploadId);
        },
      });
      current.current = upload;
      void upload.findPreviousUploads().then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        resumed = Boolean(last);
        // "Resuming" shows with the first progress, which starts from what the server holds: before
        // it, the bar would say 0 % of a file half sent
        setState({ phase: 'uploading', sent: 0, size: file.size, resumed: false });
        upload.start();
      });
    });
  }

  return {
    state,
    start,
    reset: () => {
      void current.current?.abort();
      setState({ phase: 'idle' });
    },
  };
}
