import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import pino from 'pino';
import { messageOutbox, type MessageOutbox, type OutboxMessage } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';

/** notifications at its HTTP boundary: what it was handed, answering 202. */
async function notificationsStub(): Promise<{ url: string; received: { key: string }[]; close(): Promise<void> }> {
  const received: { key: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body) as { key: string });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const message = (key: string): OutboxMessage => ({
  key,
  kind: 'password-reset',
  userId: 'u1',
  to: 'someone@example.in',
  subject: 'Reset your password',
  text: 'Open the link.',
});

describe('a producer’s outbox in the real database', () => {
  let db: TestDatabase;
  let outbox: MessageOutbox | undefined;
  const stored = () =>
    db.connection
      .collection('outbox')
      .find({}, { projection: { _id: 1 } })
      .toArray();
  beforeEach(async () => {
    db = await createTestDatabase('outbox');
  });
  afterEach(async () => {
    await outbox?.close();
    await db.drop();
  });

  it('when a send its caller did not wait for is under way and notifications is away, then settled() resolves only once the message is stored', async () => {
    // nothing listens on port 9: the hand-over fails at once
    outbox = messageOutbox(db.connection, {
      notifications: axios.create({ baseURL: 'http://127.0.0.1:9' }),
      logger: pino({ level: 'silent' }),
    });
    await outbox.ready;
    void outbox.send(message('password-reset:a'));
    await outbox.settled();
    expect(await stored()).toEqual([{ _id: 'password-reset:a' }]);
  });

  it('when the same key is sent twice, then notifications is handed it once and the outbox is empty after', async () => {
    const stub = await notificationsStub();
    try {
      outbox = messageOutbox(db.connection, { notifications: axios.create({ baseURL: stub.url }), logger: pino({ level: 'silent' }) });
      await outbox.ready;
      await Promise.all([outbox.send(message('receipt:o1')), outbox.send(message('receipt:o1'))]);
      await outbox.settled();
      expect(stub.received.map((each) => each.key)).toEqual(['receipt:o1']);
      expect(await stored()).toEqual([]);
    } finally {
      await stub.close();
    }
  });
});
