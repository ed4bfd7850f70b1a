import type { ApiKeyScope } from '@portal/contracts';
import type { ApiKeyEntry } from '@portal/platform';

export interface ApiKeyRecord {
  id: string;
  userId: string;
  email: string;
  name: string;
  scopes: ApiKeyScope[];
  /** SHA-256 of the whole key: the key itself is shown once and never kept. */
  hash: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface ApiKeyStore {
  ready: Promise<unknown>;
  add(key: ApiKeyRecord): Promise<void>;
  /** A person's keys not revoked, oldest first. */
  live(userId: string): Promise<ApiKeyRecord[]>;
  /** Marks a person's key revoked; the record, or null when it is not theirs or already revoked. */
  revoke(userId: string, id: string, at: Date): Promise<ApiKeyRecord | null>;
  /** Every key, in pages, for the mirror's replay. */
  all(after: string | null, limit: number): Promise<ApiKeyRecord[]>;
  deleteForUser(userId: string): Promise<string[]>;
}

/** Where each service checks a key: Redis, as it checks a token's revocation. */
export interface ApiKeyMirror {
  put(id: string, entry: ApiKeyEntry): Promise<void>;
  revoke(id: string): Promise<void>;
  lastUsed(ids: string[]): Promise<(string | null)[]>;
}
