import type { PhoneChannel, PhoneMessageKind } from '@portal/contracts';
import registered from './dlt-templates.json';

/** The kinds a phone carries: the producers' (with their brief) and the number's own code. */
export type PhoneTemplateKind = PhoneMessageKind | 'phone-code';

/** A WhatsApp template as approved: its name, the category Meta last reported, its body and the name of each parameter. */
export interface WhatsAppTemplate {
  name: string;
  category: 'UTILITY' | 'AUTHENTICATION' | 'MARKETING';
  body: string;
  values: readonly string[];
}

/** The WhatsApp templates, utility ones for the producers' messages; each ends with its portal page (`link`). */
export const WHATSAPP_TEMPLATES: Record<PhoneMessageKind, WhatsAppTemplate> = {
  'payment-receipt': {
    name: 'payment_receipt',
    category: 'UTILITY',
    body: 'Payment of ₹{{1}} received for your {{2}} plan of Tax Practitioner Portal. Your tax invoice is on the portal: {{3}}',
    values: ['amount', 'plan', 'link'],
  },
  'pre-debit-notice': {
    name: 'autopay_pre_debit',
    category: 'UTILITY',
    body: '₹{{1}} will be debited by UPI Autopay on {{2}} for your Tax Practitioner Portal plan. To stop it: {{3}}',
    values: ['amount', 'date', 'link'],
  },
  'renewal-failed': {
    name: 'renewal_failed',
    category: 'UTILITY',
    body: 'Your Tax Practitioner Portal renewal payment failed. Your access continues until {{1}}. Pay now: {{2}}',
    values: ['date', 'link'],
  },
  'expiry-reminder': {
    name: 'plan_ending',
    category: 'UTILITY',
    body: 'Your Tax Practitioner Portal plan ends on {{1}}. Renew in time: {{2}}',
    values: ['date', 'link'],
  },
  'sign-in-alert': {
    name: 'new_sign_in',
    category: 'UTILITY',
    body: 'A new sign-in to your Tax Practitioner Portal account on {{1}}. Not you? Change your password: {{2}}',
    values: ['device', 'link'],
  },
};

/** The page of the portal a WhatsApp message links to. */
export const PORTAL_PAGES: Record<PhoneMessageKind, string> = {
  'payment-receipt': '/subscription',
  'pre-debit-notice': '/subscription',
  'renewal-failed': '/subscription',
  'expiry-reminder': '/subscription',
  'sign-in-alert': '/profile?tab=devices',
};

export interface SmsTemplate {
  templateId: string;
  text: string;
  values: string[];
}

/** The SMS templates registered on DLT (the fixture), and the header and addresses registered with them. */
export const DLT = registered as {
  header: string;
  entityId: string;
  whitelistedLinks: string[];
  templates: Record<PhoneTemplateKind, SmsTemplate>;
};

const SMS_VARIABLE = '{#var#}';

/** A template's text with its values in order: DLT's `{#var#}`, or WhatsApp's `{{1}}`, `{{2}}`. */
export function renderTemplate(channel: PhoneChannel, kind: PhoneTemplateKind, values: string[]): string {
  if (channel === 'sms') {
    const parts = DLT.templates[kind].text.split(SMS_VARIABLE);
    if (parts.length - 1 !== values.length) throw new Error(`the SMS template of ${kind} takes ${parts.length - 1} values`);
    return parts.reduce((text, part, index) => text + values[index - 1]! + part);
  }
  return WHATSAPP_TEMPLATES[kind as PhoneMessageKind].body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
}

/** The values a channel's template of this kind takes, from the producer's brief and the link; null when one is missing. */
export function templateValues(channel: PhoneChannel, kind: PhoneTemplateKind, given: Record<string, string>): string[] | null {
  const names = channel === 'sms' ? DLT.templates[kind].values : WHATSAPP_TEMPLATES[kind as PhoneMessageKind].values;
  const values = names.map((name) => given[name]);
  return values.every((value): value is string => value !== undefined) ? values : null;
}
