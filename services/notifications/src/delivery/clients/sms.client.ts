import { z } from 'zod';
import { DLT, type PhoneTemplateKind } from '../domain/phone-templates';
import type { PhoneProvider } from '../domain/ports';

export interface SmsSettings {
  /** The gateway's address: MSG91's (https://control.msg91.com) in production, a stand-in's locally. */
  baseUrl: string;
  authKey: string;
}

const flowAnswer = z.object({ type: z.string(), message: z.string() });

/**
 * SMS by MSG91's flow API (POST /api/v5/flow): a DLT template by its id, the number without its
 * "+", and the template's variables as VAR1 and VAR2. A small client of our own: the `msg91`
 * package pins a vulnerable axios. Answers the gateway's request id, by which its reports arrive.
 */
export function smsProvider({ baseUrl, authKey }: SmsSettings): PhoneProvider {
  const url = `${baseUrl.replace(/\/$/, '')}/api/v5/flow`;
  return {
    async send({ to, kind, values }) {
      const template = DLT.templates[kind as PhoneTemplateKind];
      if (!template) throw new Error(`no SMS template for ${kind}`);
      const variables = Object.fromEntries(values.map((value, index) => [`VAR${index + 1}`, value]));
      const response = await fetch(url, {
        method: 'POST',
        headers: { authkey: authKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: template.templateId,
          short_url: '0',
          recipients: [{ mobiles: to.replace(/^\+/, ''), ...variables }],
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const parsed = flowAnswer.safeParse(await response.json().catch(() => null));
      if (!response.ok || !parsed.success || parsed.data.type !== 'success')
        throw new Error(`the SMS gateway refused the message (${response.status}${parsed.success ? `: ${parsed.data.message}` : ''})`);
      return parsed.data.message;
    },
  };
}
