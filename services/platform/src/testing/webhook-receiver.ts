import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  at: number;
  headers: Record<string, string>;
  body: string;
}

/** An integrator's endpoint on this machine: what it received, and how it answers (200 unless told otherwise). */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let answer: (index: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index =
        received.push({ at: Date.now(), headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString() }) - 1;
      const { status, headers = {} } = answer(index);
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answering(next: typeof answer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A delivery verified by the Standard Webhooks specification's own library, as an integrator would: its parsed payload. */
export const verifiedWebhook = (secret: string, delivery: ReceivedWebhook) =>
  new Webhook(secret).verify(delivery.body, {
    'webhook-id': delivery.headers['webhook-id']!,
    'webhook-timestamp': delivery.headers['webhook-timestamp']!,
    'webhook-signature': delivery.headers['webhook-signature']!,
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
