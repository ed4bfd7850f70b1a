import type { NotificationPreferences, OptionalCategory, PreferenceSource } from '@portal/contracts';

/** One change, kept like a consent: what, which way, when and from where. */
export interface PreferenceChange {
  category: OptionalCategory;
  subscribed: boolean;
  at: Date;
  via: PreferenceSource;
}

export interface StoredPreferences {
  preferences: NotificationPreferences;
  /** null while the person never changed them (the defaults: every category on). */
  updatedAt: Date | null;
}

export interface PreferenceStore {
  get(userId: string): Promise<StoredPreferences>;
  /** The choices with every change kept, oldest first (the person's own data). */
  record(userId: string): Promise<StoredPreferences & { changes: PreferenceChange[] }>;
  /** The person's choices as they now are, with the changes that made them. */
  save(userId: string, preferences: NotificationPreferences, changes: PreferenceChange[]): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  ready: Promise<unknown>;
}
