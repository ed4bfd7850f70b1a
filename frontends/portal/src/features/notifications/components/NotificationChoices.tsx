import { useState } from 'react';
import {
  formatIndianDateTime,
  NOTIFICATION_MESSAGES,
  OPTIONAL_CATEGORIES,
  OPTIONAL_CATEGORY_TEXTS,
  type OptionalCategory,
} from '@portal/contracts';
import { Banner, errorMessage, Spinner } from '@portal/ui';
import type { Message } from '../../../texts';
import { useChoosePreferences, usePreferences } from '../api';

/**
 * Profile → Notifications: reminders and product news, each turned on or off at once; what
 * is always sent is said, so that nobody thinks a receipt or a reset link can be switched off.
 */
export function NotificationChoices() {
  const { data, isError } = usePreferences();
  const choose = useChoosePreferences();
  const [message, setMessage] = useState<Message | null>(null);
  // the choice being saved, set in the click's own handler: a controlled checkbox keeps the click's
  // state only if its value changes before the handler returns (the mutation's state comes later)
  const [saving, setSaving] = useState<Partial<Record<OptionalCategory, boolean>>>({});

  async function toggle(category: OptionalCategory, subscribed: boolean) {
    setSaving({ [category]: subscribed });
    try {
      const answer = await choose.mutateAsync({ [category]: subscribed });
      setMessage({ kind: 'success', text: answer.message ?? NOTIFICATION_MESSAGES.preferencesSaved });
    } catch (failure) {
      setMessage({ kind: 'error', text: errorMessage(failure, 'Your choice could not be saved. Please try again.') });
    } finally {
      setSaving({});
    }
  }

  if (isError) return <Banner kind="error">Your notification choices could not be loaded. Please try again.</Banner>;
  if (!data) return <Spinner />;
  const shown = (category: OptionalCategory) => saving[category] ?? data.preferences[category];
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">E-mails we send you</h2>
      {message && (
        <Banner key={message.text} kind={message.kind} onDone={() => setMessage(null)}>
          {message.text}
        </Banner>
      )}
      {OPTIONAL_CATEGORIES.map((category) => (
        <div key={category} className="stack-bottom">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={shown(category)}
              disabled={Object.keys(saving).length > 0}
              onChange={(event) => void toggle(category, event.target.checked)}
            />{' '}
            {OPTIONAL_CATEGORY_TEXTS[category].label}
          </label>
          <p className="muted">{OPTIONAL_CATEGORY_TEXTS[category].description}</p>
        </div>
      ))}
      <p className="muted">{NOTIFICATION_MESSAGES.alwaysSent}</p>
      {data.updatedAt && <p className="muted">Last changed {formatIndianDateTime(data.updatedAt)}.</p>}
    </section>
  );
}
