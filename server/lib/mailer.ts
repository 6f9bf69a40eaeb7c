import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML alternative (the daily report); mail clients show it, the text stays beside it. */
  html?: string;
  /** Files sent with the message (a scheduled report's file). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'FAMS <no-reply@fams.example>';

/**
 * With SMTP_URL, real mail; without it, each message is written as an .eml file under
 * `data/mail` and logged, so a developer can open the link.
 */
export function createMailer(dataDir: string, log: Logger, smtpUrl?: string): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: FROM, ...m });
      },
    };
  }
  const dir = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: FROM, ...m });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${m.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`,
      );
      // Written under another name and renamed: whoever watches the folder (a person, the e2e tests)
      // never reads a half-written mail.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      log.info({ to: m.to, subject: m.subject, file }, 'mail written (no SMTP_URL set)');
    },
  };
}
