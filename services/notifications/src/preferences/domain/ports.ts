import type { NotificationPreferences, OptionalCategory } from '@portal/contracts';

/** Where a change came from: the profile, a mail client's one-click (RFC 8058), or the link's page. */
export type PreferenceSource = 'profile' | 'one-click' | 'link';

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
  /** The person's choices as they now are, with the changes that made them. */
  save(userId: string, preferences: NotificationPreferences, changes: PreferenceChange[]): Promise<void>;
  deleteForUser(userId: string): Promise<void>;
  ready: Promise<unknown>;
}
