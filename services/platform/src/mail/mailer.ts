import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header: the same for every try of one message, so a reader's client can tell. */
  messageId?: string;
  /** Headers of its own, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP delivery; the embedded default points at a local catcher, production at a real relay. A
 * server that accepts the connection but never greets (paused, overloaded) fails a try in seconds,
 * not nodemailer's 30, so that the queue moves on and tries again by its schedule.
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 60_000 });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
