import { composeMail } from '../src/mail/compose-mail';

describe('every e-mail as a text part and an HTML part', () => {
  const mail = composeMail(
    {
      subject: 'Payment received',
      greeting: 'Hello Asha <script>,',
      paragraphs: ['Thank you. See https://portal.example/subscription.'],
      facts: [['Amount', '₹1,000']],
      action: { label: 'See your billing history', url: 'https://portal.example/subscription?a=1&b=2' },
      after: ['If this was not you, write to us.'],
    },
    { publicUrl: 'https://portal.example' },
  );

  it('when composed, then the text part holds every line, the action as its address, and the portal', () => {
    expect(mail.text).toBe(
      [
        'Hello Asha <script>,',
        '',
        'Thank you. See https://portal.example/subscription.',
        '',
        'Amount: ₹1,000',
        '',
        'See your billing history: https://portal.example/subscription?a=1&b=2',
        '',
        'If this was not you, write to us.',
        '',
        'Tax Practitioner Portal — https://portal.example',
      ].join('\n'),
    );
  });

  it('when composed, then the HTML part escapes what people wrote, links addresses and makes the action a button', () => {
    expect(mail.html).toContain('Hello Asha &lt;script&gt;,');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(
      '<a href="https://portal.example/subscription" style="color:#1d4ed8">https://portal.example/subscription</a>.',
    );
    expect(mail.html).toContain('href="https://portal.example/subscription?a=1&amp;b=2"');
    expect(mail.html).toContain('>See your billing history</a>');
    expect(mail.html).toMatch(/<td[^>]*>Amount<\/td><td[^>]*>₹1,000<\/td>/);
    expect(mail.subject).toBe('Payment received');
  });
});
