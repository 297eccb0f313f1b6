// A real SMTP server on loopback that keeps what it receives, so tests read mail the way a
// person would: from a mailbox, after a real SMTP exchange.
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  raw: string;
}

export async function startSmtpCatcher() {
  const received: CaughtMail[] = [];
  /** Addresses refused at RCPT TO, as a mailbox that does not exist would be. */
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  /** The first link in the newest mail to this address that matches the path. */
  function linkFor(to: string, path: string): string {
    for (const mail of [...received].reverse()) {
      if (!mail.to.includes(to.toLowerCase())) continue;
      const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = text.match(new RegExp(`https?://[^\\s"<>]*${path}\\?[^\\s"<>]+`));
      if (match) return match[0];
    }
    throw new Error(`no mail to ${to} with a ${path} link`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    /** The mails received by this address, oldest first. */
    mailsTo: (to: string) => received.filter((mail) => mail.to.includes(to.toLowerCase())),
    linkFor,
    tokenFor: (to: string, path: string, param = 'token') =>
      new URL(linkFor(to, path)).searchParams.get(param)!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
