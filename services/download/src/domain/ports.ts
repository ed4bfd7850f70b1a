import type { Readable } from 'node:stream';
import type { DownloadSummary, SubscriptionSummary } from '@portal/contracts';

export interface ReleaseRecord {
  version: string;
  releaseDate: Date;
  fileSize: number;
  sha256: string;
  notes: string;
  channel: 'stable' | 'beta';
  storageKey: string;
  publishedBy: string;
}

export interface ReleaseStore {
  find(version: string): Promise<ReleaseRecord | null>;
  all(channel?: ReleaseRecord['channel']): Promise<ReleaseRecord[]>;
  /** The new release, or null when the version exists. */
  create(release: ReleaseRecord): Promise<ReleaseRecord | null>;
}

export interface StoredFile {
  tempKey: string;
  size: number;
  sha256: string;
}

/** Where installers are kept: a local directory by default, an object store behind the same calls. */
/** What storage throws when an upload passes the size it was given; the use case says it to the admin. */
export class InstallerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.name = 'InstallerTooLarge';
  }
}

export interface ReleaseStorage {
  /** Streams the upload to a temporary place, measuring and hashing it on the way; InstallerTooLarge past maxBytes. */
  receive(content: Readable, maxBytes: number): Promise<StoredFile>;
  commit(tempKey: string, key: string): Promise<void>;
  discard(tempKey: string): Promise<void>;
  /**
   * Where the file lies on this machine: the store's folder and the name inside it. An object
   * store would answer a pre-signed URL instead.
   */
  localFile(key: string): { root: string; name: string };
}

export interface DownloadRecord {
  userId: string;
  version: string;
  downloadedAt: Date;
  userAgent: string;
}

export interface DownloadStore {
  record(download: DownloadRecord): Promise<void>;
  summaries(userIds: string[]): Promise<DownloadSummary[]>;
  deleteForUser(userId: string): Promise<number>;
}

export interface SubscriptionReader {
  summary(userId: string): Promise<SubscriptionSummary>;
}
