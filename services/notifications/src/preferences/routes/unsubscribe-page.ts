import { NOTIFICATION_MESSAGES, OPTIONAL_CATEGORY_TEXTS, type OptionalCategory } from '@portal/contracts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

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
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(title)} · Tax Practitioner Portal</title>`,
    '<style>body{margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;line-height:1.55}',
    'main{max-width:480px;margin:40px auto;background:#fff;border-radius:8px;padding:28px}',
    'button{background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:10px 18px;font-size:15px;font-weight:600;cursor:pointer}',
    'a{color:#1d4ed8}.muted{color:#6b7280;font-size:14px}</style></head>',
    '<body><main>',
    '<p><strong>Tax Practitioner Portal</strong></p>',
    `<h1>${escapeHtml(title)}</h1>`,
    body,
    `<p class="muted">${escapeHtml(NOTIFICATION_MESSAGES.alwaysSent)} Choose which e-mails you receive on <a href="${escapeHtml(profile)}">your profile</a>.</p>`,
    '</main></body></html>',
  ].join('\n');
}
