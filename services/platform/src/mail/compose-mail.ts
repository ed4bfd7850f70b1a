/**
 * One layout for every e-mail the portal sends: a text part, and an HTML part that reads the same
 * in Mailpit, Gmail or Outlook (inline styles, one column, no images), with the portal's links.
 */
export interface MailContent {
  subject: string;
  /** "Hello Asha," when the name is known. */
  greeting?: string;
  paragraphs: string[];
  /** Label and value pairs: an amount, a date, a reference. */
  facts?: [label: string, value: string][];
  /** The one thing to do, as a button (and its address in the text part). */
  action?: { label: string; url: string };
  /** Lines under the button: what to do if it was not them, what stays. */
  after?: string[];
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Addresses in a paragraph become links in the HTML part, as a mail reader would do for text. */
const linked = (value: string) =>
  escapeHtml(value).replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}" style="color:#1d4ed8">${url}</a>`);

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#111827;font-size:15px;line-height:1.55";

export function composeMail(content: MailContent, { publicUrl }: { publicUrl: string }): ComposedMail {
  const { subject, greeting, paragraphs, facts = [], action, after = [] } = content;
  const text = [
    ...(greeting ? [greeting, ''] : []),
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(facts.length ? [...facts.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...after.flatMap((line) => [line, '']),
    `Tax Practitioner Portal — ${publicUrl}`,
  ].join('\n');

  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f3f4f6;${FONT}">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:28px">',
    `<p style="margin:0 0 20px;font-weight:700;font-size:17px">Tax Practitioner Portal</p>`,
    ...(greeting ? [`<p style="margin:0 0 14px">${escapeHtml(greeting)}</p>`] : []),
    ...paragraphs.map((paragraph) => `<p style="margin:0 0 14px">${linked(paragraph)}</p>`),
    ...(facts.length
      ? [
          '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
          ...facts.map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
          ),
          '</table>',
        ]
      : []),
    ...(action
      ? [
          `<p style="margin:8px 0 20px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>`,
        ]
      : []),
    ...after.map((line) => `<p style="margin:0 0 12px;color:#4b5563;font-size:14px">${linked(line)}</p>`),
    `<p style="margin:24px 0 0;color:#6b7280;font-size:13px"><a href="${escapeHtml(publicUrl)}" style="color:#6b7280">${escapeHtml(publicUrl)}</a></p>`,
    '</div></body></html>',
  ].join('\n');

  return { subject, text, html };
}

/**
 * A message as composed above, with a last line that links somewhere (an unsubscribe link that
 * only the sender can sign), added after its producer rendered it.
 */
export function withClosingLink<T extends { text: string; html?: string | undefined }>(
  mail: T,
  { sentence, label, url }: { sentence: string; label: string; url: string },
): T {
  const line = `<p style="margin:12px 0 0;color:#6b7280;font-size:13px">${escapeHtml(sentence)} <a href="${escapeHtml(url)}" style="color:#6b7280">${escapeHtml(label)}</a></p>`;
  const closing = '</div></body></html>';
  return {
    ...mail,
    text: `${mail.text}\n\n${sentence} ${label}: ${url}`,
    ...(mail.html !== undefined && {
      html: mail.html.endsWith(closing) ? `${mail.html.slice(0, -closing.length)}${line}\n${closing}` : `${mail.html}\n${line}`,
    }),
  };
}
