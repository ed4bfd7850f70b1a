import { RELEASE_UPLOAD_MESSAGES, type PublishUpload } from '@portal/contracts';
import { conflict, notFound } from '@portal/platform/errors';
import type { releaseUseCases } from './releases.use-cases';
import type { ReleaseRecord, ResumableUploads } from './ports';

/**
 * A release from an installer the Releases tab uploaded in parts: published only once every byte
 * has arrived, measured and hashed on the way into the catalogue, and, when the admin gave the
 * build's SHA-256, only if the file matches it. The parts are dropped once it is a release.
 */
export function releaseUploadUseCases(uploads: ResumableUploads, catalogue: ReturnType<typeof releaseUseCases>) {
  return {
    async publish(
      uploadId: string,
      { version, notes, rollout, requiresTaxYear, sha256 }: PublishUpload,
      publishedBy: string,
    ): Promise<ReleaseRecord> {
      const status = await uploads.status(uploadId);
      if (!status) throw notFound(RELEASE_UPLOAD_MESSAGES.unknown);
      if (status.size === null || status.received < status.size) {
        throw conflict(RELEASE_UPLOAD_MESSAGES.incomplete(status.received, status.size ?? status.received));
      }
      const file = await catalogue.receive(uploads.read(uploadId));
      if (sha256 && file.sha256 !== sha256) {
        await catalogue.discard(file.tempKey);
        throw conflict(RELEASE_UPLOAD_MESSAGES.mismatch(file.sha256));
      }
      const release = await catalogue.publish({ version, notes, file, publishedBy, rolloutPercent: rollout, requiresTaxYear });
      await uploads.remove(uploadId);
      return release;
    },
  };
}
