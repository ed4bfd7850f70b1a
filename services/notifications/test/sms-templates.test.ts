import { PHONE_TEMPLATE_VALUES, type PhoneMessageKind } from '@portal/contracts';
import { DLT, renderTemplate, templateValues, WHATSAPP_TEMPLATES, type PhoneTemplateKind } from '../src/delivery/domain/phone-templates';

/** A value of each name as producers give them, and the longest a link can be. */
const SAMPLES: Record<string, string> = {
  code: '048213',
  amount: '1,18,000.50',
  plan: 'Professional',
  date: '31 Mar 2027',
  device: 'Chrome on Windows',
};
const PUBLIC_URL = DLT.whitelistedLinks[0]!.replace(/\/$/, '');
const SMS_LINK = `${PUBLIC_URL}/api/notifications/sms?t=64b7f0c2a1b2c3d4e5f60718.q1w2e3r4t5y6u7i8o9p0aZ`;
const KINDS = Object.keys(DLT.templates) as PhoneTemplateKind[];
const LINKS = /https?:\/\/\S+/g;

describe('the SMS templates registered on DLT', () => {
  it.each(KINDS)('%s: at most two variables, each named, and the body sent is the registered text with them filled', (kind) => {
    const template = DLT.templates[kind];
    const variables = template.text.split('{#var#}').length - 1;
    expect(variables).toBeLessThanOrEqual(2);
    expect(template.values).toHaveLength(variables);
    expect(template.text.endsWith(`-${DLT.header}`)).toBe(true);

    const values = templateValues('sms', kind, { ...SAMPLES, link: SMS_LINK })!;
    const body = renderTemplate('sms', kind, values);
    // the registered text, its fixed parts in order, each variable replaced by its value and nothing else
    const fixed = template.text.split('{#var#}');
    let rest = body;
    fixed.forEach((part, index) => {
      expect(rest.startsWith(part)).toBe(true);
      rest = rest.slice(part.length);
      if (index < values.length) {
        expect(rest.startsWith(values[index]!)).toBe(true);
        rest = rest.slice(values[index]!.length);
      }
    });
    expect(rest).toBe('');
  });

  it.each(KINDS)('%s: links only to a whitelisted address', (kind) => {
    const body = renderTemplate('sms', kind, templateValues('sms', kind, { ...SAMPLES, link: SMS_LINK })!);
    for (const link of body.match(LINKS) ?? []) expect(DLT.whitelistedLinks.some((allowed) => link.startsWith(allowed))).toBe(true);
  });

  it('when a template is given more or fewer values than it registered, then nothing is rendered', () => {
    expect(() => renderTemplate('sms', 'payment-receipt', ['1,180'])).toThrow('takes 2 values');
    expect(templateValues('sms', 'payment-receipt', { link: SMS_LINK })).toBeNull();
  });

  it('every kind that producers brief has an SMS and a WhatsApp template, whose values the brief and the link cover', () => {
    for (const kind of Object.keys(PHONE_TEMPLATE_VALUES) as PhoneMessageKind[]) {
      const given = [...PHONE_TEMPLATE_VALUES[kind], 'link'];
      expect(DLT.templates[kind].values.every((name) => given.includes(name))).toBe(true);
      expect(WHATSAPP_TEMPLATES[kind].values.every((name) => given.includes(name))).toBe(true);
      expect(WHATSAPP_TEMPLATES[kind].category).toBe('UTILITY');
      expect(WHATSAPP_TEMPLATES[kind].body.match(/\{\{\d+\}\}/g)).toHaveLength(WHATSAPP_TEMPLATES[kind].values.length);
    }
  });
});
