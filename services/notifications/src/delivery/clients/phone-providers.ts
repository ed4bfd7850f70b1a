import type { PhoneChannel } from '@portal/contracts';
import type { PhoneProviders } from '../domain/ports';
import { smsProvider } from './sms.client';
import { whatsAppApi, whatsAppProvider } from './whatsapp.client';

export interface PhoneProviderSettings {
  WHATSAPP_API_URL: string;
  WHATSAPP_API_VERSION: string;
  WHATSAPP_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  SMS_API_URL: string;
  SMS_AUTH_KEY?: string | undefined;
}

/**
 * The phone's providers this portal is configured for: WhatsApp's Cloud API (its client, also for
 * the webhook) and the SMS gateway, and so the channels offered; a number is proved by SMS, so
 * without the gateway none is.
 */
export function phoneProviders(settings: PhoneProviderSettings) {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret } = settings;
  const whatsappApi =
    token && phoneNumberId && appSecret
      ? whatsAppApi({
          baseUrl: settings.WHATSAPP_API_URL,
          apiVersion: settings.WHATSAPP_API_VERSION,
          token,
          phoneNumberId,
          appSecret,
          webhookVerifyToken: settings.WHATSAPP_VERIFY_TOKEN,
        })
      : null;
  const sms = settings.SMS_AUTH_KEY ? smsProvider({ baseUrl: settings.SMS_API_URL, authKey: settings.SMS_AUTH_KEY }) : null;
  const providers: PhoneProviders = {
    ...(whatsappApi && phoneNumberId && { whatsapp: whatsAppProvider(whatsappApi, phoneNumberId) }),
    ...(sms && { sms }),
  };
  const offered: PhoneChannel[] = sms ? ['sms', ...(whatsappApi ? (['whatsapp'] as const) : [])] : [];
  return { whatsappApi, providers, offered };
}
