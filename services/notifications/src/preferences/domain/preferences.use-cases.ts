import {
  isOptionalCategory,
  NOTIFICATION_MESSAGES,
  OPTIONAL_CATEGORIES,
  type MessageCategory,
  type NotificationPreferences,
  type NotificationPreferencesAnswer,
  type OptionalCategory,
  type PreferenceSource,
} from '@portal/contracts';
import type { PreferencesRecord } from '@portal/contracts/internal';
import type { PreferenceStore, StoredPreferences } from './ports';
import type { UnsubscribeLinks } from './unsubscribe-link';

export interface PreferencesDeps {
  store: PreferenceStore;
  links: UnsubscribeLinks;
  now?: () => Date;
}

const answer = ({ preferences, updatedAt }: StoredPreferences): NotificationPreferencesAnswer => ({
  preferences,
  updatedAt: updatedAt?.toISOString() ?? null,
});

/**
 * A person's choice of the messages that may be held back (reminders, product news); every other
 * message always goes. Each change is kept with its time and source, as a consent is.
 */
export function preferencesUseCases({ store, links, now = () => new Date() }: PreferencesDeps) {
  async function change(userId: string, choice: Partial<NotificationPreferences>, via: PreferenceSource) {
    const current = await store.get(userId);
    const at = now();
    const changes = OPTIONAL_CATEGORIES.flatMap((category) => {
      const subscribed = choice[category];
      return subscribed === undefined || subscribed === current.preferences[category] ? [] : [{ category, subscribed, at, via }];
    });
    if (!changes.length) return current;
    const preferences = { ...current.preferences, ...choice };
    await store.save(userId, preferences, changes);
    return { preferences, updatedAt: at };
  }

  return {
    mine: async (userId: string) => answer(await store.get(userId)),

    async choose(userId: string, choice: Partial<NotificationPreferences>): Promise<NotificationPreferencesAnswer> {
      return { ...answer(await change(userId, choice, 'profile')), message: NOTIFICATION_MESSAGES.preferencesSaved };
    },

    /** The category an unsubscribe link stops, once its signature is checked; null for a link not ours. */
    linkCategory: (token: string): OptionalCategory | null => links.read(token)?.category ?? null,

    /** Follows an unsubscribe link (following it again changes nothing); null for a link not ours. */
    async unsubscribe(token: string, via: Exclude<PreferenceSource, 'profile'>): Promise<OptionalCategory | null> {
      const link = links.read(token);
      if (!link) return null;
      await change(link.userId, { [link.category]: false }, via);
      return link.category;
    },

    /** Whether the person chose not to receive this category; transactional messages are never held back. */
    async withholds(userId: string, category: MessageCategory): Promise<boolean> {
      return isOptionalCategory(category) && !(await store.get(userId)).preferences[category];
    },

    /** The choices and every change kept, for the person's own copy of their data. */
    async record(userId: string): Promise<PreferencesRecord> {
      const { preferences, changes } = await store.record(userId);
      return { preferences, changes: changes.map((change) => ({ ...change, at: change.at.toISOString() })) };
    },

    unsubscribeUrl: links.url,
    deleteUser: (userId: string) => store.deleteForUser(userId),
  };
}
