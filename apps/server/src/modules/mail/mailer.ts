// Sends mail over SMTP when SMTP_URL is set; otherwise keeps it in the outbox for staff to read.
// Every message is recorded in the outbox either way, with its delivery status.
import nodemailer from 'nodemailer';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import type { Logger } from '../../platform/logger';
import { insertOutboxMail } from './mail.repository';
import { renderMail, type MailTemplate } from './mail-templates';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailRequest {
  to: string;
  template: MailTemplate;
  locale: string;
  link: string;
  company?: string;
  /** Placeholders of the template other than {company}. */
  values?: Record<string, string>;
  /** The message's own part, rendered by its module (escaped there), between intro and link. */
  content?: { html: string; text: string };
  /** Sent over SMTP only; the outbox records their names, types and sizes, not their bytes. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Resolves once the message is sent (or kept); rejects when SMTP refused it. */
  send(mail: MailRequest): Promise<void>;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Database,
  logger: Logger,
): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(mail) {
      const rendered = renderMail(mail.template, mail.locale, mail);
      const record = {
        recipient: mail.to,
        template: mail.template,
        locale: mail.locale,
        ...rendered,
        attachments: (mail.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          bytes: Buffer.byteLength(file.content),
        })),
      };
      if (!transport) {
        await insertOutboxMail(db, { ...record, status: 'KEPT' });
        logger.info(
          { template: mail.template },
          'no SMTP_URL: the message is kept in the outbox (Companies > Mail outbox)',
        );
        return;
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          ...rendered,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        await insertOutboxMail(db, { ...record, status: 'SENT' });
      } catch (error) {
        await insertOutboxMail(db, { ...record, status: 'FAILED', error: String(error) });
        throw error;
      }
    },
  };
}
