import { NOTIFICATION_MESSAGES, OPTIONAL_CATEGORY_TEXTS, type OptionalCategory } from '@portal/contracts';

import { escapeHtml, portalPage } from './portal-page';

export type UnsubscribePageState =
  { step: 'confirm'; category: OptionalCategory; token: string } | { step: 'done'; category: OptionalCategory } | { step: 'invalid' };

/**
 * The page an e-mail's unsubscribe link opens. Opening it changes nothing (mail scanners open
 * links); its button posts, as a mail client's one-click does.
 */
export function unsubscribePage(state: UnsubscribePageState, publicUrl: string): string {
  const profile = `${publicUrl}/profile?tab=notifications`;
  let title: string;
  let body: string;
  if (state.step === 'confirm') {
    const { label } = OPTIONAL_CATEGORY_TEXTS[state.category];
    title = `Unsubscribe from ${label.toLowerCase()}?`;
    body = [
      `<p>${escapeHtml(OPTIONAL_CATEGORY_TEXTS[state.category].description)}</p>`,
      `<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(state.token)}">`,
      '<button type="submit">Unsubscribe</button>',
      '</form>',
    ].join('\n');
  } else if (state.step === 'done') {
    title = 'You are unsubscribed';
    body = `<p>${escapeHtml(OPTIONAL_CATEGORY_TEXTS[state.category].unsubscribed)}</p>`;
  } else {
    title = 'This link is not valid';
    body = `<p>${escapeHtml(NOTIFICATION_MESSAGES.invalidUnsubscribeLink)}</p>`;
  }
  return portalPage({
    title,
    body,
    footer: `${escapeHtml(NOTIFICATION_MESSAGES.alwaysSent)} Choose which e-mails you receive on <a href="${escapeHtml(profile)}">your profile</a>.`,
  });
}
