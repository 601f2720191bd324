/**
 * The BFF's mail (src/mail): the verification code mail's parts and escaping, and the SMTP mailer
 * delivering to a relay (an in-process SMTP listener that records what it receives).
 */
import net from 'net';
import { createSmtpMailer, escapeHtml, mailerFromEnv, verificationCodeMail } from '../src/mail';

/** A minimal SMTP listener: accepts every mail and keeps the raw DATA of each. */
async function smtpRelay(): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('verificationCodeMail', () => {
  test('a plain-text and an HTML part, both with the code, the banner name and the lifetime in minutes', () => {
    const m = verificationCodeMail({ to: 'a@example.com', firstName: 'Ann', code: '012345', validForS: 900, banner: 'standard' });
    expect(m.subject).toBe('Harbour Market: your Scene+ verification code');
    for (const part of [m.text, m.html]) {
      expect(part).toContain('012345');
      expect(part).toContain('Harbour Market');
      expect(part).toContain('valid for 15 minutes');
    }
    expect(m.text).not.toContain('<');
  });

  test('the co-op banner names itself', () => {
    const m = verificationCodeMail({ to: 'a@example.com', firstName: 'Ann', code: '012345', validForS: 900, banner: 'coop' });
    expect(m.subject).toBe('Harbour Co-op: your Scene+ verification code');
    expect(m.html).toContain('Harbour Co-op');
  });

  test('shopper-entered text is escaped in the HTML part', () => {
    const m = verificationCodeMail({ to: 'a@example.com', firstName: `<img src=x onerror="alert(1)">'`, code: '012345', validForS: 900, banner: 'standard' });
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&#39;,');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('createSmtpMailer', () => {
  test('delivers a multipart/alternative mail (text + HTML) from MAIL_FROM to the relay', async () => {
    const relay = await smtpRelay();
    const mailer = mailerFromEnv({ SMTP_URL: `smtp://127.0.0.1:${relay.port}`, MAIL_FROM: 'Shop <shop@example.com>' })!;
    try {
      await mailer.send(verificationCodeMail({ to: 'ann@example.com', firstName: 'Ann', code: '654321', validForS: 900, banner: mailer.banner }));
      expect(relay.received).toHaveLength(1);
      const raw = relay.received[0]!;
      expect(raw).toMatch(/^From: Shop <shop@example\.com>$/m);
      expect(raw).toMatch(/^To: ann@example\.com$/m);
      expect(raw).toMatch(/multipart\/alternative/);
      expect(raw).toMatch(/text\/plain/);
      expect(raw).toMatch(/text\/html/);
      expect(raw).toContain('654321');
    } finally {
      mailer.close();
      await relay.close();
    }
  });

  test('an unreachable relay rejects the send', async () => {
    const relay = await smtpRelay();
    const port = relay.port;
    await relay.close();
    const mailer = createSmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 2000 });
    try {
      await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });

  test('no SMTP_URL → no mailer', () => {
    expect(mailerFromEnv({})).toBeNull();
  });
});
