export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

/**
 * The small page a link in a message opens outside the portal's app (unsubscribe, the SMS page):
 * the portal's name, a title, the body's HTML and a muted last line, styled inline (no script).
 */
export function portalPage({ title, body, footer }: { title: string; body: string; footer: string }): string {
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
    `<p class="muted">${footer}</p>`,
    '</main></body></html>',
  ].join('\n');
}
