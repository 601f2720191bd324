/**
 * Mail from the identity provider, sent with nodemailer over SMTP (SMTP_URL: the local MailDev in
 * development, the grocer's relay in production). Every mail has a plain-text and an HTML part and the
 * banner's name; values in the HTML part are escaped.
 */
import nodemailer from 'nodemailer';
import type { Logger } from './log';
import { BRAND, escapeHtml } from './pages';

/** One mail: `to` an address, a subject, the plain-text and HTML bodies. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. */
export interface Mailer {
  /** Sends `message`. @throws the transport's error (connection refused, rejected recipient …) */
  send(message: MailMessage): Promise<void>;
}

/** The sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = `${BRAND} <no-reply@localhost>`;

/**
 * A mailer over SMTP.
 * @param transport an `smtp://host:port` (or `smtps://user:pass@host`) URL, or nodemailer transport options
 * @param from the sender, e.g. 'Harbour Market <no-reply@harbour.example>'
 */
export function smtpMailer(transport: string | Parameters<typeof nodemailer.createTransport>[0], from = DEFAULT_MAIL_FROM): Mailer & { close(): void } {
  const transporter = nodemailer.createTransport(transport);
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
    close: () => transporter.close(),
  };
}

/** A mailer that sends nothing and says so in the log (no SMTP_URL): links never go to the log. */
export function unsentMailer(log: Logger): Mailer {
  return {
    async send(message) {
      log('warn', { msg: 'mail not sent: SMTP_URL is not set', subject: message.subject });
    },
  };
}

/**
 * The password-reset mail.
 * @param link the absolute reset URL (with its token)
 * @param minutes how long the link works
 */
export function resetMail({ to, firstName, link, minutes }: { to: string; firstName: string; link: string; minutes: number }): MailMessage {
  const subject = `Reset your ${BRAND} password`;
  const text = [
    `Hi ${firstName},`,
    '',
    `Someone asked to reset the password of your ${BRAND} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once, within ${minutes} minutes. Choosing a new password signs you out everywhere else.`,
    '',
    'If you did not ask for this, ignore this email: your password stays the same.',
    '',
    `— ${BRAND}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en-CA"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1d1d1f">
<p style="color:#1b7f3b;font-weight:700">${escapeHtml(BRAND)}</p>
<p>Hi ${escapeHtml(firstName)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(BRAND)} account.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:.6rem 1rem;background:#1b7f3b;color:#fff;text-decoration:none;border-radius:.3rem">Choose a new password</a></p>
<p>The link works once, within ${minutes} minutes. Choosing a new password signs you out everywhere else.</p>
<p>If you did not ask for this, ignore this email: your password stays the same.</p>
</body></html>
`;
  return { to, subject, text, html };
}
