import { WhatsAppAPI } from 'whatsapp-api-js';
import { BodyComponent, BodyParameter, Language, Template } from 'whatsapp-api-js/messages';
import type { PhoneMessageKind } from '@portal/contracts';
import { WHATSAPP_TEMPLATES } from '../domain/phone-templates';
import type { PhoneProvider } from '../domain/ports';

const GRAPH = 'https://graph.facebook.com';

export interface WhatsAppSettings {
  /** The Cloud API's address: Meta's in production, a stand-in's locally. */
  baseUrl: string;
  apiVersion: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** What Meta's subscription check must name; without it every check is refused. */
  webhookVerifyToken?: string | undefined;
}

/**
 * WhatsApp's Cloud API through whatsapp-api-js: the library builds the template messages and
 * checks the webhook's X-Hub-Signature-256; its fetch goes to `baseUrl`, so that a stand-in of the
 * Cloud API is reached through this same code.
 */
export function whatsAppApi(settings: WhatsAppSettings): WhatsAppAPI {
  const base = settings.baseUrl.replace(/\/$/, '');
  return new WhatsAppAPI({
    token: settings.token,
    appSecret: settings.appSecret,
    ...(settings.webhookVerifyToken && { webhookVerifyToken: settings.webhookVerifyToken }),
    v: settings.apiVersion,
    ponyfill: {
      fetch: (url, init) => fetch(String(url).replace(GRAPH, base), { ...init, signal: AbortSignal.timeout(15_000) }),
      subtle: globalThis.crypto.subtle,
    },
  });
}

/** Sends a utility template with its body's parameters in order; answers the message's wamid. */
export function whatsAppProvider(api: WhatsAppAPI, phoneNumberId: string): PhoneProvider {
  return {
    async send({ to, kind, values }) {
      const template = WHATSAPP_TEMPLATES[kind as PhoneMessageKind];
      if (!template) throw new Error(`no WhatsApp template for ${kind}`);
      const [first, ...rest] = values.map((value) => new BodyParameter(value));
      if (!first) throw new Error(`the WhatsApp template ${template.name} takes values`);
      const message = new Template(template.name, new Language('en'), new BodyComponent(first, ...rest));
      const answer = await api.sendMessage(phoneNumberId, to.replace(/^\+/, ''), message);
      if ('error' in answer) throw new Error(`WhatsApp refused the message: ${answer.error?.message ?? 'no reason given'}`);
      const id = answer.messages[0]?.id;
      if (!id) throw new Error('WhatsApp answered without a message id');
      return id;
    },
  };
}
