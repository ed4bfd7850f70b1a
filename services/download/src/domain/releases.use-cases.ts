import type { Readable } from 'node:stream';
import semver from 'semver';
import { installerFileName, RELEASE_STEERING_MESSAGES, taxYearName, type LatestVersion } from '@portal/contracts';
import { conflict, gone, notFound, payloadTooLarge } from '@portal/platform/errors';
import type { AuditPublisher } from '@portal/platform';
import { InstallerTooLarge, type ReleaseRecord, type ReleaseStorage, type ReleaseStore, type StoredFile } from './ports';

export const RELEASE_MESSAGES = {
  none: 'No release of the desktop app has been published yet.',
  duplicate: (version: string) => `Version ${version} has already been published.`,
  unknownVersion: (version: string) => `There is no release ${version}.`,
  tooLarge: (maxBytes: number) => `The installer is larger than ${Math.round(maxBytes / 1048576)} MB`,
} as const;

export const toLatestVersion = (release: ReleaseRecord): LatestVersion => ({
  version: release.version,
  fileSize: release.fileSize,
  releaseDate: release.releaseDate.toISOString(),
  sha256: release.sha256,
  notes: release.notes,
  ...(release.requiresTaxYear !== null && { requiresTaxYear: taxYearName(release.requiresTaxYear) }),
});

export function releaseUseCases(releases: ReleaseStore, storage: ReleaseStorage, maxInstallerBytes: number, audit: AuditPublisher) {
  async function find(version: string): Promise<ReleaseRecord> {
    const release = await releases.find(version);
    if (!release) throw notFound(RELEASE_MESSAGES.unknownVersion(version));
    return release;
  }
  /** A release that may still be downloaded: a withdrawn one is gone. */
  async function live(version: string): Promise<ReleaseRecord> {
    const release = await find(version);
    if (release.withdrawn) throw gone(RELEASE_STEERING_MESSAGES.withdrawn(version));
    return release;
  }

  return {
    /**
     * The download page's release: the newest stable one by semantic version, not by upload time,
     * never a withdrawn one, and one offered to every device before one still being staged.
     */
    async latest(): Promise<LatestVersion> {
      const offered = (await releases.all('stable'))
        .filter((release) => !release.withdrawn)
        .sort((a, b) => semver.rcompare(a.version, b.version));
      const newest = offered.find((release) => release.rolloutPercent === 100) ?? offered[0];
      if (!newest) throw notFound(RELEASE_MESSAGES.none);
      return toLatestVersion(newest);
    },

    find,
    live,

    /** A release and where its installer lies on this machine, for the file route to send. */
    async installer(version: string): Promise<{ release: ReleaseRecord; file: { root: string; name: string } }> {
      const release = await live(version);
      return { release, file: storage.localFile(release.storageKey) };
    },

    list: async () => (await releases.all()).sort((a, b) => semver.rcompare(a.version, b.version)),

    /** Streams an upload into storage, measured and hashed, before it becomes a release. */
    async receive(content: Readable): Promise<StoredFile> {
      try {
        return await storage.receive(content, maxInstallerBytes);
      } catch (error) {
        if (error instanceof InstallerTooLarge) throw payloadTooLarge(RELEASE_MESSAGES.tooLarge(error.maxBytes));
        throw error;
      }
    },
    discard: (tempKey: string) => storage.discard(tempKey),

    /** Size and SHA-256 come from the upload itself; a prerelease goes to the beta channel. */
    async publish({
      version,
      notes,
      file,
      publishedBy,
      rolloutPercent = 100,
      requiresTaxYear = null,
    }: {
      version: string;
      notes: string;
      file: StoredFile;
      publishedBy: string;
      /** Staged from the start; everyone when not given. */
      rolloutPercent?: number;
      /** The tax year whose law it follows; none when not given. */
      requiresTaxYear?: number | null;
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
          rolloutPercent,
          requiresTaxYear,
          withdrawn: null,
        });
        if (!created) throw conflict(RELEASE_MESSAGES.duplicate(version));
        await storage.commit(file.tempKey, storageKey);
        await audit({
          actor: publishedBy,
          action: 'release.published',
          target: { type: 'release', id: version },
          after: { ...toLatestVersion(created), rolloutPercent },
        });
        return created;
      } catch (error) {
        await storage.discard(file.tempKey);
        throw error;
      }
    },
  };
}
