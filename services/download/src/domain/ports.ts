import type { Readable } from 'node:stream';
import type { DownloadSummary, ReleaseChannel, SubscriptionSummary } from '@portal/contracts';

export interface ReleaseRecord {
  version: string;
  releaseDate: Date;
  fileSize: number;
  sha256: string;
  notes: string;
  channel: ReleaseChannel;
  storageKey: string;
  publishedBy: string;
  /** The share of the channel's devices offered it; releases before rollouts were offered to all. */
  rolloutPercent: number;
  /** The tax year whose law the release follows (2027 for 2027-28): offered only to a licence that covers it. */
  requiresTaxYear: number | null;
  /** A withdrawn release is never offered or served again. */
  withdrawn: { at: Date; reason: string; by: string } | null;
  /** Whole downloads since downloads were counted per release. */
  downloads: number;
}

export interface ReleaseStore {
  find(version: string): Promise<ReleaseRecord | null>;
  all(channel?: ReleaseRecord['channel']): Promise<ReleaseRecord[]>;
  /** The new release, or null when the version exists. */
  create(release: Omit<ReleaseRecord, 'downloads'>): Promise<ReleaseRecord | null>;
  update(version: string, changes: Partial<Pick<ReleaseRecord, 'rolloutPercent' | 'withdrawn'>>): Promise<ReleaseRecord | null>;
  countDownload(version: string): Promise<void>;
}

/** A channel's minimum version: an older app must update, told the admin's words. */
export interface ChannelPolicyRecord {
  channel: ReleaseChannel;
  minimumVersion: string | null;
  message: string;
  updatedBy: string;
  updatedAt: Date;
}

export interface ChannelPolicyStore {
  find(channel: ReleaseChannel): Promise<ChannelPolicyRecord | null>;
  all(): Promise<ChannelPolicyRecord[]>;
  save(policy: ChannelPolicyRecord): Promise<void>;
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

/** Installers sent in parts over a slow line (tus), kept until whole and published or expired. */
export interface ResumableUploads {
  /** How much of the upload has arrived; null for an unknown or expired one. */
  status(uploadId: string): Promise<{ size: number | null; received: number } | null>;
  read(uploadId: string): Readable;
  remove(uploadId: string): Promise<void>;
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
