import { z } from 'zod';

/**
 * Read-only API keys: an account owner's key for an integrator (their books, a dealer's CRM) that
 * reads what its scopes name and changes nothing. A key is `tpk_`, its id and its secret; the
 * portal keeps only its hash, and shows it once.
 */
export const API_KEY_SCOPES = ['subscriptions', 'invoices', 'devices'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_PREFIX = 'tpk_';

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  subscriptions: 'Plans and subscriptions',
  invoices: 'Invoices and credit notes',
  devices: 'Activated PCs',
};

export const API_KEY_LIMITS = { keysPerPerson: 10, nameLength: 80, callsPerMinute: 120 } as const;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name the key (what will use it)',
  scopesRequired: 'Choose at least one scope',
  tooMany: `You can keep at most ${API_KEY_LIMITS.keysPerPerson} API keys; revoke one first`,
  notFound: 'No such API key',
  invalid: 'This API key is not valid.',
  scopeRefused: 'This API key does not allow this call.',
  tooManyCalls: `At most ${API_KEY_LIMITS.callsPerMinute} calls a minute for each API key`,
} as const;

export const createApiKeySchema = z.strictObject({
  name: z.string({ error: API_KEY_MESSAGES.nameRequired }).trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_LIMITS.nameLength),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope' }), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_KEY_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeySchema>;

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's first characters, to tell keys apart: never enough to use it. */
  preview: string;
  createdAt: string;
  lastUsedAt: string | null;
}
/** A new key: `key` shown this once. */
export interface NewApiKey extends ApiKeyView {
  key: string;
}
