import { randomBytes } from 'node:crypto';
import {
  API_KEY_LIMITS,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKeyView,
  type CreateApiKeyRequest,
  type NewApiKey,
  type SecurityEventInput,
} from '@portal/contracts';
import { conflict, notFound } from '@portal/platform/errors';
import type { ApiKeyMirror, ApiKeyRecord, ApiKeyStore } from './ports';

export interface ApiKeyDeps {
  keys: ApiKeyStore;
  mirror: ApiKeyMirror;
  hash: (key: string) => string;
  securityLog: (event: SecurityEventInput) => Promise<void>;
  now: () => Date;
}

const view = (record: ApiKeyRecord, lastUsedAt: string | null): ApiKeyView => ({
  id: record.id,
  name: record.name,
  scopes: record.scopes,
  preview: `${API_KEY_PREFIX}${record.id}_…`,
  createdAt: record.createdAt.toISOString(),
  lastUsedAt,
});

const REPLAY_PAGE = 500;

/** A person's read-only API keys: made and shown once, listed, revoked; each change in the security log. */
export function apiKeyUseCases({ keys, mirror, hash, securityLog, now }: ApiKeyDeps) {
  const logged = (person: { userId: string; email: string }, reason: string, record: ApiKeyRecord) =>
    securityLog({
      kind: 'api-key',
      outcome: 'success',
      subject: { type: 'user', id: person.userId, label: person.email },
      reason,
      details: { keyId: record.id, name: record.name, scopes: record.scopes },
    });
  return {
    async create(person: { userId: string; email: string }, { name, scopes }: CreateApiKeyRequest): Promise<NewApiKey> {
      if ((await keys.live(person.userId)).length >= API_KEY_LIMITS.keysPerPerson) throw conflict(API_KEY_MESSAGES.tooMany);
      const id = randomBytes(8).toString('hex');
      const key = `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
      const record: ApiKeyRecord = { id, ...person, name, scopes, hash: hash(key), createdAt: now(), revokedAt: null };
      await keys.add(record);
      await mirror.put(id, { hash: record.hash, userId: person.userId, email: person.email, scopes });
      await logged(person, 'created', record);
      return { ...view(record, null), key };
    },
    async list(userId: string): Promise<ApiKeyView[]> {
      const live = await keys.live(userId);
      const used = await mirror.lastUsed(live.map((record) => record.id));
      return live.map((record, index) => view(record, used[index] ?? null));
    },
    async revoke(person: { userId: string; email: string }, id: string): Promise<void> {
      const record = await keys.revoke(person.userId, id, now());
      if (!record) throw notFound(API_KEY_MESSAGES.notFound);
      await mirror.revoke(id);
      await logged(person, 'revoked', record);
    },
    /** Writes every key to the mirror again (Redis restarted empty, or a write lost): the live ones, and the revoked ones' marks. */
    async replay(): Promise<number> {
      let after: string | null = null;
      let count = 0;
      for (;;) {
        const page = await keys.all(after, REPLAY_PAGE);
        for (const record of page) {
          if (record.revokedAt) await mirror.revoke(record.id);
          else await mirror.put(record.id, { hash: record.hash, userId: record.userId, email: record.email, scopes: record.scopes });
        }
        count += page.length;
        if (page.length < REPLAY_PAGE) return count;
        after = page[page.length - 1]!.id;
      }
    },
    async deleteForUser(userId: string): Promise<void> {
      for (const id of await keys.deleteForUser(userId)) await mirror.revoke(id);
    },
  };
}
