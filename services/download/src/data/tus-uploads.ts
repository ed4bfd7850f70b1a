import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { RELEASE_UPLOADS_PATH } from '@portal/contracts';
import type { ResumableUploads } from '../domain/ports';

/** An upload not finished within a day is dropped by the hourly sweep. */
const EXPIRES_AFTER_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Installers received by the tus protocol (tus.io) through @tus/server: each PATCH appends at the
 * offset the client last confirmed, so a broken line resumes where it stopped. The parts are kept
 * beside the releases (`.uploads`), each with its size and offset, until published or expired.
 */
export function tusUploads(releasesDir: string, maxBytes: number, onSweepError: (error: unknown) => void) {
  const datastore = new FileStore({
    directory: path.join(path.resolve(releasesDir), '.uploads'),
    expirationPeriodInMilliseconds: EXPIRES_AFTER_MS,
  });
  // Locations are relative: behind the gateway, the service's own host is not the browser's.
  const server = new Server({ path: RELEASE_UPLOADS_PATH, datastore, maxSize: maxBytes, relativeLocation: true });
  const sweep = setInterval(() => void server.cleanUpExpiredUploads().catch(onSweepError), SWEEP_EVERY_MS).unref();

  const uploads: ResumableUploads = {
    async status(uploadId) {
      try {
        const upload = await datastore.getUpload(uploadId);
        return { size: upload.size ?? null, received: upload.offset };
      } catch (error) {
        // the store says an unknown or expired upload by throwing tus's 404 or 410 answer; anything else is a fault
        const status = (error as { status_code?: unknown }).status_code;
        if (status === 404 || status === 410) return null;
        throw error;
      }
    },
    read: (uploadId) => datastore.read(uploadId),
    remove: (uploadId) => datastore.remove(uploadId),
  };
  return {
    uploads,
    /** The protocol's calls (POST, HEAD, PATCH, DELETE), after the route has checked the admin. */
    handle: (req: IncomingMessage, res: ServerResponse) => server.handle(req, res),
    close: () => clearInterval(sweep),
  };
}
