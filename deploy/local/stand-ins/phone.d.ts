export interface PhoneMessage {
  channel: 'whatsapp' | 'sms';
  /** The provider's id: a wamid, or the SMS request's id. */
  id: string;
  /** +91 and ten digits. */
  to: string;
  /** WhatsApp: the template's name and its body's parameters; SMS: the DLT template's id and its variables. */
  template?: string;
  templateId?: string;
  values: string[];
  /** WhatsApp: the template and its values; SMS: the registered text with its variables filled. */
  text: string;
  at: string;
  read?: boolean;
}
export interface PhoneStandIn {
  baseUrl: string;
  port: number;
  messages: PhoneMessage[];
  receivedBy(to: string): PhoneMessage[];
  /** A reply typed on the phone, sent to the portal as WhatsApp's inbound message callback. */
  reply(from: string, text: string): Promise<void>;
  close(): Promise<void>;
}
export function startPhoneStandIn(options: {
  token: string;
  appSecret: string;
  phoneNumberId: string;
  authKey: string;
  webhookUrl: string;
  reportUrl?: string;
  port?: number;
  host?: string;
}): Promise<PhoneStandIn>;
