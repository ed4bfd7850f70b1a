import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  inbox: ParsedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMail(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP listener on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const inbox: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail);
        waiters.splice(0).forEach((wake) => wake());
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP catcher is not listening on a TCP port');
  const { port } = address;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async waitForMail(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('No matching e-mail arrived in time');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
