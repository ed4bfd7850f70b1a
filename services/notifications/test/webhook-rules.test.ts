import { startWebhookReceiver } from '@portal/platform/testing';
import { webhookSender } from '../src/webhooks/clients/webhook-sender';
import { isRefusedAddress } from '../src/webhooks/domain/address-guard';
import { retryAfterMs, WEBHOOK_ATTEMPTS, WEBHOOK_RETRY_DELAYS_S, webhookRetryDelayMs } from '../src/webhooks/domain/webhook-schedule';

describe('webhooks: the retry schedule and the addresses no delivery may reach', () => {
  it('when every try fails, then eight tries span about 27½ hours, each wait stretched by at most a fifth, never shortened', () => {
    expect(WEBHOOK_ATTEMPTS).toBe(8);
    const total = WEBHOOK_RETRY_DELAYS_S.reduce((sum, seconds) => sum + seconds, 0);
    expect(total).toBe(27 * 3600 + 35 * 60 + 5);
    for (let failed = 1; failed < WEBHOOK_ATTEMPTS; failed++) {
      const scheduled = WEBHOOK_RETRY_DELAYS_S[failed - 1]! * 1000;
      expect(webhookRetryDelayMs(failed, { random: () => 0 })).toBe(scheduled);
      expect(webhookRetryDelayMs(failed, { random: () => 0.999999 })).toBeLessThanOrEqual(scheduled * 1.2);
    }
    // a longer Retry-After wins, up to ten hours; a shorter one does not shorten the schedule
    expect(webhookRetryDelayMs(2, { retryAfterMs: 3_600_000, random: () => 0 })).toBe(3_600_000);
    expect(webhookRetryDelayMs(2, { retryAfterMs: 1000, random: () => 0 })).toBe(300_000);
    expect(webhookRetryDelayMs(1, { retryAfterMs: 90 * 3_600_000, random: () => 0 })).toBe(36_000_000);
    const now = new Date('2026-11-29T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBe(0);
  });

  it.each([
    ['127.0.0.1', true],
    ['10.0.0.5', true],
    ['172.16.4.1', true],
    ['172.32.0.1', false],
    ['192.168.1.20', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.1.2.3', true],
    ['8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['not an address', true],
  ])('when a delivery would go to %s, then refused is %s', (address, refused) => {
    expect(isRefusedAddress(address)).toBe(refused);
  });

  it('when a name resolves to a loopback address in production settings, then the try is refused where it connects and nothing arrives', async () => {
    const receiver = await startWebhookReceiver();
    const port = new URL(receiver.url).port;
    const strict = webhookSender({ allowLocal: false });
    const sent = await strict.send({ url: `http://localhost:${port}/hooks`, headers: {}, body: '{}' });
    expect(sent).toEqual({ error: 'The address resolves to a refused address' });
    expect(await strict.send({ url: `http://127.0.0.1:${port}/hooks`, headers: {}, body: '{}' })).toEqual({
      error: 'The address is refused',
    });
    expect(receiver.received).toHaveLength(0);
    // the same call where local addresses are allowed arrives
    expect(await webhookSender({ allowLocal: true }).send({ url: `http://localhost:${port}/hooks`, headers: {}, body: '{}' })).toEqual({
      status: 200,
    });
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });
});
