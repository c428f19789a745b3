import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (e.g. the quote's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /**
   * Mails for a company's customers: the company's name as the sender's display name
   * (the address, and the envelope sender, stay `MAIL_FROM`'s) and its address as Reply-To.
   */
  fromName?: string;
  replyTo?: string;
}

/** The address inside `MAIL_FROM` (`Name <a@b>` or a bare `a@b`). */
export function mailFromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The nodemailer fields of a message: `from` is MAIL_FROM, or its address under the company's name. */
function envelope(mailFrom: string, message: MailMessage) {
  const { fromName, replyTo, ...rest } = message;
  const from = fromName ? { name: fromName, address: mailFromAddress(mailFrom) } : mailFrom;
  return { ...rest, from, ...(replyTo ? { replyTo } : {}) };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * SMTP when `smtpUrl` is set; otherwise a dev mailbox: every message is written as an `.eml`
 * file under `dataDir/mail/` (names sort by time) and announced by one log line.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: Log,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(envelope(config.mailFrom, message));
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail(envelope(config.mailFrom, message));
      mkdirSync(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail saved to the dev mailbox');
    },
    close: () => transport.close(),
  };
}
