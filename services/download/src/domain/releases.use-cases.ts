import type { Readable } from 'node:stream';
import semver from 'semver';
import { installerFileName, type LatestVersion } from '@portal/contracts';
import { conflict, notFound, type AuditPublisher } from '@portal/platform';
import type { ReleaseRecord, ReleaseStorage, ReleaseStore, StoredFile } from './ports';

export const RELEASE_MESSAGES = {
  none: 'No release of the desktop app has been published yet.',
  duplicate: (version: string) => `Version ${version} has already been published.`,
  unknownVersion: (version: string) => `There is no release ${version}.`,
} as const;

export const toLatestVersion = (release: ReleaseRecord): LatestVersion => ({
  version: release.version,
  fileSize: release.fileSize,
  releaseDate: release.releaseDate.toISOString(),
  sha256: release.sha256,
  notes: release.notes,
});

export function releaseUseCases(releases: ReleaseStore, storage: ReleaseStorage, maxInstallerBytes: number, audit: AuditPublisher) {
  return {
    /** The newest stable release by semantic version, not by upload time. */
    async latest(): Promise<LatestVersion> {
      const [newest] = (await releases.all('stable')).sort((a, b) => semver.rcompare(a.version, b.version));
      if (!newest) throw notFound(RELEASE_MESSAGES.none);
      return toLatestVersion(newest);
    },

    async find(version: string): Promise<ReleaseRecord> {
      const release = await releases.find(version);
      if (!release) throw notFound(RELEASE_MESSAGES.unknownVersion(version));
      return release;
    },

    list: async () => (await releases.all()).sort((a, b) => semver.rcompare(a.version, b.version)),

    /** Streams an upload into storage, measured and hashed, before it becomes a release. */
    receive: (content: Readable) => storage.receive(content, maxInstallerBytes),
    discard: (tempKey: string) => storage.discard(tempKey),

    /** Size and SHA-256 come from the upload itself; a prerelease goes to the beta channel. */
    async publish({
      version,
      notes,
      file,
      publishedBy,
    }: {
      version: string;
      notes: string;
      file: StoredFile;
      publishedBy: string;
    }): Promise<ReleaseRecord> {
      const storageKey = installerFileName(version);
      try {
        if (await releases.find(version)) throw conflict(RELEASE_MESSAGES.duplicate(version));
        const created = await releases.create({
          version,
          notes,
          publishedBy,
          releaseDate: new Date(),
          fileSize: file.size,
          sha256: file.sha256,
          channel: semver.prerelease(version) ? 'beta' : 'stable',
          storageKey,
        });
        await storage.commit(file.tempKey, storageKey);
        await audit({
          actor: publishedBy,
          action: 'release.published',
          target: { type: 'release', id: version },
          after: toLatestVersion(created),
        });
        return created;
      } catch (error) {
        await storage.discard(file.tempKey);
        throw error;
      }
    },
  };
}
