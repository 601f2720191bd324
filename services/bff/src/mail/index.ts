/**
 * Mail the BFF sends (the Scene+ verification code). Over SMTP with nodemailer from `SMTP_URL`
 * (e.g. smtp://127.0.0.1:1025, the local MailDev of `npm start`; production: the grocer's relay) and
 * `MAIL_FROM`. Every mail has a plain-text and an HTML part and names the banner; shopper-entered text
 * is escaped in the HTML part.
 */
import nodemailer from 'nodemailer';

/** The storefront's banners and their names (the header's logo names them the same way). */
export type MailBanner = 'standard' | 'coop';
export const BANNER_NAMES: Record<MailBanner, string> = { standard: 'Harbour Market', coop: 'Harbour Co-op' };

/** One mail: recipient address, subject, plain-text and HTML parts. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. `send` rejects when the relay refuses or cannot be reached. */
export interface Mailer {
  /** The banner mail is sent for (names the storefront in every mail). */
  readonly banner: MailBanner;
  send(message: MailMessage): Promise<void>;
}

/** Default sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Harbour Market <no-reply@harbour-market.test>';

/**
 * A mailer over SMTP.
 * @param smtpUrl e.g. 'smtp://127.0.0.1:1025' or 'smtps://user:pass@relay:465'
 * @param from the From header, e.g. 'Harbour Market <no-reply@example.com>'
 * @param timeoutMs connection/greeting/socket timeout, ms (default 10 000)
 */
export function createSmtpMailer({ smtpUrl, from = DEFAULT_MAIL_FROM, banner = 'standard', timeoutMs = 10_000 }: {
  smtpUrl: string; from?: string; banner?: MailBanner; timeoutMs?: number;
}): Mailer & { close(): void } {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    banner,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/** A mailer that keeps what it is asked to send (tests). */
export function memoryMailer(banner: MailBanner = 'standard'): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    banner,
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** The mailer of a BFF without SMTP_URL: every send rejects, so routes that mail answer 503. */
export function unsentMailer(): Mailer {
  return {
    banner: 'standard',
    send: () => Promise.reject(new Error('SMTP_URL is not set: no mail can be sent')),
  };
}

/** Reads SMTP_URL, MAIL_FROM and MAIL_BANNER ('standard' | 'coop'); null without SMTP_URL. */
export function mailerFromEnv(env: NodeJS.ProcessEnv): (Mailer & { close(): void }) | null {
  if (!env.SMTP_URL) return null;
  const banner = env.MAIL_BANNER === 'coop' ? 'coop' : 'standard';
  return createSmtpMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || DEFAULT_MAIL_FROM, banner });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * The Scene+ verification code mail. `firstName` is shopper-entered (escaped in the HTML part);
 * `validForS` is the code's lifetime in seconds (shown in minutes).
 */
export function verificationCodeMail({ to, firstName, code, validForS, banner }: {
  to: string; firstName: string; code: string; validForS: number; banner: MailBanner;
}): MailMessage {
  const name = BANNER_NAMES[banner];
  const minutes = Math.round(validForS / 60);
  const greeting = firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,';
  const text = [
    greeting,
    '',
    `Your ${name} verification code to link your Scene+ card is: ${code}`,
    '',
    `It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
    '',
    `— ${name}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>${escapeHtml(greeting)}</p>
<p>Your ${escapeHtml(name)} verification code to link your Scene+ card is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>
<p>It is valid for ${minutes} minutes. If you did not ask for it, you can ignore this email.</p>
<p>— ${escapeHtml(name)}</p>
</body></html>`;
  return { to, subject: `${name}: your Scene+ verification code`, text, html };
}
