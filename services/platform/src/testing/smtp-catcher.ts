import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCatcher {
  url: string;
  inbox: ParsedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMail(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Resolves with the matching messages once there are `count` of them, in the order they came. */
  waitForMails(match: (mail: ParsedMail) => boolean, count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** While true, every message is refused with a temporary error (451), as a mail server in trouble does. */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP listener on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const inbox: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!state.refusing) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
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
  async function waitForMails(match: (mail: ParsedMail) => boolean, count: number, timeoutMs = 5000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = inbox.filter(match);
      if (found.length >= count) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          count === 1 ? 'No matching e-mail arrived in time' : `${found.length} of ${count} matching e-mails arrived in time`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    waitForMails,
    waitForMail: async (match, timeoutMs = 5000) => (await waitForMails(match, 1, timeoutMs))[0]!,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
