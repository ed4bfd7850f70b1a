import { isPhoneMessageKind, type MessageKind } from '@portal/contracts';
import type { AcceptedMessage } from '@portal/contracts/internal';
import type { MessageRecord, PhoneRecipients } from './ports';
import { PORTAL_PAGES, renderTemplate, templateValues, WHATSAPP_TEMPLATES, type PhoneTemplateKind } from './phone-templates';

/** What the delivery log names a phone message by: its channel's template. */
export const phoneSubject = (channel: 'whatsapp' | 'sms', kind: PhoneTemplateKind) =>
  channel === 'whatsapp' ? `WhatsApp template ${WHATSAPP_TEMPLATES[kind as keyof typeof WHATSAPP_TEMPLATES].name}` : `SMS template ${kind}`;

/**
 * The copies of a producer's message for the person's phone: one per channel they chose, keyed
 * `<key>#<channel>` so that a repeated hand-over makes none twice. None when the kind has no
 * template, the producer gave no brief, or a template's value is missing from it.
 */
export async function phoneCopies(
  message: AcceptedMessage,
  base: Omit<MessageRecord, 'id' | 'channel' | 'to' | 'subject' | 'text' | 'html' | 'attachments'>,
  { recipients, publicUrl }: { recipients: PhoneRecipients; publicUrl: string },
): Promise<MessageRecord[]> {
  const kind = message.kind as MessageKind;
  if (!message.userId || !message.brief || !isPhoneMessageKind(kind)) return [];
  const userId = message.userId;
  const links = { whatsapp: `${publicUrl}${PORTAL_PAGES[kind]}`, sms: recipients.smsPageUrl(userId) };
  return (await recipients.channelsOf(userId)).flatMap(({ channel, to }) => {
    const values = templateValues(channel, kind, { ...message.brief, link: links[channel] });
    if (!values) return [];
    return [
      {
        ...base,
        id: `${message.key}#${channel}`,
        channel,
        to,
        subject: phoneSubject(channel, kind),
        text: renderTemplate(channel, kind, values),
        values,
        attachments: [],
      },
    ];
  });
}
