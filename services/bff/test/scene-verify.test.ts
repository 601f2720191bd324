/**
 * Spec §4 Verify flow over real HTTP: linkAccount mails a random 6-digit code to the account's email
 * (kept hashed), cookies verify_code_req 900 s / verify_resend_code 30 s (§9), a new code at most every
 * 30 s, a code valid 900 s (the server's injected clock), 5 tries per code, and codes are per shopper.
 */
import type { MailMessage } from '../src/mail';
import { memoryMailer } from '../src/mail';
import { failure, harnessPerFile, success } from './harness';
import { shopperHeaders } from './id-tokens';

const mail = memoryMailer();
/** When true, the next sends fail (the relay is down). */
let relayDown = false;
const h = harnessPerFile({
  cardLimit: { perAddress: 1000 },
  mailer: { banner: 'standard', send: (m: MailMessage) => (relayDown ? Promise.reject(new Error('ECONNREFUSED')) : mail.send(m)) },
});

const CODE_COOKIE = { cookie: 'verify_code_req=1' };

/** Set-Cookie lines of a response, by cookie name. */
function cookies(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) out[line.split('=')[0]!] = line;
  return out;
}

/** The code in the last mail sent to `to`. */
function lastCodeTo(to: string): string {
  const last = [...mail.sent].reverse().find((m) => m.to === to);
  if (!last) throw new Error(`no mail to ${to}`);
  return /\b(\d{6})\b/.exec(last.text)![1]!;
}

const verify = (uid: string, code: string) => h.as(uid, 'POST', '/api/services/verifyCode', { code }, CODE_COOKIE);
/** Any 6-digit code but `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * A new shopper `uid` (email `<uid>@example.com`, or the id-token `claims`) with a new LP01 card
 * `cardNumber` (linkAccount 200) added through the add-card endpoint.
 */
async function shopperWithCard(uid: string, cardNumber: string, claims: Record<string, unknown> = {}): Promise<string> {
  await h.db.query(
    `INSERT INTO scene_cards (card_number, status, enrollment_status) VALUES ($1, 'LP01', 'ENROLLED') ON CONFLICT DO NOTHING`,
    [cardNumber],
  );
  const headers = shopperHeaders(await h.mint(uid, { claims }));
  expect((await h.call('POST', '/api/account/card', { headers, body: { cardNumber } })).status).toBe(200);
  return `${uid}@example.com`;
}

describe('linkAccount (u-1002, LP01 not linked): a code is mailed', () => {
  test('200, the cookies (900 s / 30 s, readable by the page), and one mail with a text and an HTML part naming the banner', async () => {
    const before = mail.sent.length;
    const res = await h.as('u-1002', 'POST', '/api/services/linkAccount');
    expect(res.json).toEqual({ status: 'success', code: 200, message: 'Verification code sent', data: { expiresIn: 900, resendIn: 30 } });
    const set = cookies(res.headers);
    expect(set.verify_code_req).toMatch(/^verify_code_req=\d+; Max-Age=900; Path=\/; SameSite=Lax$/);
    expect(set.verify_resend_code).toMatch(/^verify_resend_code=\d+; Max-Age=30; Path=\/; SameSite=Lax$/);
    expect(Number(set.verify_code_req!.split(/[=;]/)[1])).toBe(h.clock.now + 900_000);
    expect(mail.sent).toHaveLength(before + 1);
    const sent = mail.sent.at(-1)!;
    expect(sent.to).toBe('liam.lp01@example.com');
    expect(sent.subject).toBe('Harbour Market: your Scene+ verification code');
    const code = lastCodeTo('liam.lp01@example.com');
    expect(sent.html).toContain(code);
    expect(sent.text).toContain('Harbour Market');
    expect(sent.html).toContain('Harbour Market');
    expect(sent.text).toContain('valid for 15 minutes');
  });

  test('the code is not in the database: only a salted hash (hashed at rest)', async () => {
    const code = lastCodeTo('liam.lp01@example.com');
    const { rows } = await h.db.query('SELECT * FROM verifications WHERE uid = $1', ['u-1002']);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    expect(rows[0]).toMatchObject({ code_hash: expect.stringMatching(/^[0-9a-f]{64}$/), code_salt: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  test('linkAccount again within 30 s: no new mail, the same code still works, the seconds left in data', async () => {
    const before = mail.sent.length;
    h.clock.now += 10_000;
    try {
      const again = await h.as('u-1002', 'POST', '/api/services/linkAccount');
      expect(again.json).toEqual(success(200, { expiresIn: 890, resendIn: 20 }));
      expect(mail.sent).toHaveLength(before);
    } finally {
      h.clock.now -= 10_000;
    }
  });

  test("the mailed code links the card: cookies cleared, Inquire answers linkedStatus true, history opens", async () => {
    const res = await verify('u-1002', lastCodeTo('liam.lp01@example.com'));
    expect(res.json).toEqual(success(200, expect.objectContaining({ cardNumber: '6046000000001002', linkedStatus: true })));
    expect(cookies(res.headers).verify_code_req).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect((await h.as('u-1002', 'POST', '/api/services/Inquire')).json.data.linkedStatus).toBe(true);
    expect((await h.as('u-1002', 'POST', '/api/services/historyLite')).json.data.transactions.length).toBeGreaterThan(0);
    expect((await h.as('u-1002', 'POST', '/api/services/linkAccount')).json.code).toBe('ALREADY_LINKED');
  });
});

describe('verifyCode: input and the cookie', () => {
  const UID = 'u-verify-input';
  beforeAll(async () => {
    await shopperWithCard(UID, '6046000000009900');
    expect((await h.as(UID, 'POST', '/api/services/linkAccount')).json.code).toBe(200);
  });

  test("without the verify_code_req cookie → 'CODE_EXPIRED'", async () => {
    const res = await h.as(UID, 'POST', '/api/services/verifyCode', { code: lastCodeTo(`${UID}@example.com`) });
    expect(res.json).toEqual(failure('CODE_EXPIRED'));
  });

  test("a wrong code → 'INVALID_CODE', the card stays unlinked; a malformed code → 400", async () => {
    expect((await verify(UID, wrong(lastCodeTo(`${UID}@example.com`)))).json).toEqual(failure('INVALID_CODE'));
    expect((await h.as(UID, 'POST', '/api/services/Inquire')).json.data.linkedStatus).toBe(false);
    expect((await verify(UID, 246810 as unknown as string)).json).toEqual(failure(400, 'Invalid body.code: must be string'));
    expect((await verify(UID, '2468')).json).toEqual(failure(400, 'Invalid body.code: must be the 6-digit verification code'));
    const missing = await h.as(UID, 'POST', '/api/services/verifyCode', {}, CODE_COOKIE);
    expect(missing.json).toEqual(failure(400, "Invalid body: missing required property 'code'"));
  });
});

describe('a code is valid 900 s (server clock)', () => {
  test('at 899 s the code links; at 900 s it is refused as CODE_EXPIRED', async () => {
    const early = await shopperWithCard('u-ttl-1', '6046000000009901');
    const late = await shopperWithCard('u-ttl-2', '6046000000009902');
    expect((await h.as('u-ttl-1', 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    expect((await h.as('u-ttl-2', 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    const t0 = h.clock.now;
    try {
      h.clock.now = t0 + 899_000;
      expect((await verify('u-ttl-1', lastCodeTo(early))).json.code).toBe(200);
      h.clock.now = t0 + 900_000;
      expect((await verify('u-ttl-2', lastCodeTo(late))).json).toEqual(failure('CODE_EXPIRED'));
    } finally {
      h.clock.now = t0;
    }
  });
});

describe('resendCode: at most one code per 30 s', () => {
  const UID = 'u-resend';
  let to: string;
  beforeAll(async () => {
    to = await shopperWithCard(UID, '6046000000009903');
  });

  test("before any linkAccount → 'NO_PENDING_VERIFICATION'", async () => {
    expect((await h.as(UID, 'POST', '/api/services/resendCode')).json).toEqual(failure('NO_PENDING_VERIFICATION'));
  });

  test('within 30 s → 429 RESEND_TOO_SOON with Retry-After and data.retryAfter (s); no mail', async () => {
    expect((await h.as(UID, 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    const before = mail.sent.length;
    h.clock.now += 12_000;
    const res = await h.as(UID, 'POST', '/api/services/resendCode');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('18');
    expect(res.json).toEqual({ status: 'error', code: 'RESEND_TOO_SOON', message: 'Please wait 18 seconds before requesting a new code', data: { retryAfter: 18 } });
    expect(mail.sent).toHaveLength(before);
  });

  test('at 30 s: a new code by mail and both cookies again; the old code stops working', async () => {
    const old = lastCodeTo(to);
    h.clock.now += 18_000;
    const res = await h.as(UID, 'POST', '/api/services/resendCode');
    expect(res.json).toEqual(success(200, { expiresIn: 900, resendIn: 30 }));
    expect(Object.keys(cookies(res.headers)).sort()).toEqual(['verify_code_req', 'verify_resend_code']);
    const fresh = lastCodeTo(to);
    if (fresh !== old) expect((await verify(UID, old)).json).toEqual(failure('INVALID_CODE'));
    expect((await verify(UID, fresh)).json.code).toBe(200);
  });
});

describe('5 tries per code', () => {
  const UID = 'u-tries';
  let to: string;
  beforeAll(async () => {
    to = await shopperWithCard(UID, '6046000000009904');
  });

  test('5 wrong codes, then the right one → 429 TOO_MANY_ATTEMPTS; a new code (after 30 s) links', async () => {
    expect((await h.as(UID, 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    const code = lastCodeTo(to);
    for (let i = 0; i < 5; i++) expect((await verify(UID, wrong(code))).json.code).toBe('INVALID_CODE');
    const sixth = await verify(UID, code);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual(failure('TOO_MANY_ATTEMPTS', 'Too many attempts (5 wrong codes). Please ask for a new code.'));
    expect((await h.as(UID, 'POST', '/api/services/Inquire')).json.data.linkedStatus).toBe(false);
    // within 30 s of that code, linkAccount does not pretend the used-up code was sent
    const relink = await h.as(UID, 'POST', '/api/services/linkAccount');
    expect(relink.status).toBe(429);
    expect(relink.json).toMatchObject({ code: 'RESEND_TOO_SOON', data: { retryAfter: 30 } });
    h.clock.now += 30_000;
    expect((await h.as(UID, 'POST', '/api/services/resendCode')).json.code).toBe(200);
    expect((await verify(UID, lastCodeTo(to))).json.code).toBe(200);
  });

  test('a new code while the last one is live does not reset the count', async () => {
    const uid = 'u-tries-2';
    const addr = await shopperWithCard(uid, '6046000000009905');
    expect((await h.as(uid, 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await verify(uid, wrong(lastCodeTo(addr)))).json.code).toBe('INVALID_CODE');
      h.clock.now += 30_000;
      expect((await h.as(uid, 'POST', '/api/services/resendCode')).json.code).toBe(200);
    }
    expect((await verify(uid, wrong(lastCodeTo(addr)))).json.code).toBe('INVALID_CODE');
    expect((await verify(uid, lastCodeTo(addr))).json.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('codes are per shopper', () => {
  test("two shoppers cannot verify each other's codes", async () => {
    const ann = await shopperWithCard('u-ann', '6046000000009906');
    const bob = await shopperWithCard('u-bob', '6046000000009907');
    expect((await h.as('u-ann', 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    expect((await h.as('u-bob', 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    const annCode = lastCodeTo(ann);
    const bobCode = lastCodeTo(bob);
    if (annCode !== bobCode) {
      expect((await verify('u-bob', annCode)).json).toEqual(failure('INVALID_CODE'));
      expect((await verify('u-ann', bobCode)).json).toEqual(failure('INVALID_CODE'));
    }
    expect((await verify('u-ann', annCode)).json.code).toBe(200);
    expect((await h.as('u-bob', 'POST', '/api/services/Inquire')).json.data.linkedStatus).toBe(false);
    expect((await verify('u-bob', bobCode)).json.code).toBe(200);
  });
});

describe('mail problems', () => {
  test('the relay is down → 503 MAIL_NOT_SENT, and a new try right after sends the code', async () => {
    const uid = 'u-relay';
    const to = await shopperWithCard(uid, '6046000000009908');
    relayDown = true;
    try {
      const res = await h.as(uid, 'POST', '/api/services/linkAccount');
      expect(res.status).toBe(503);
      expect(res.json).toEqual(failure('MAIL_NOT_SENT'));
      expect(res.headers.getSetCookie()).toEqual([]);
    } finally {
      relayDown = false;
    }
    expect((await h.as(uid, 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    expect((await verify(uid, lastCodeTo(to))).json.code).toBe(200);
  });

  test('a first name with markup is escaped in the HTML part', async () => {
    const uid = 'u-markup';
    await shopperWithCard(uid, '6046000000009910', { given_name: '<b>Zoë</b> & "co"' });
    expect((await h.as(uid, 'POST', '/api/services/linkAccount')).json.code).toBe(200);
    const sent = mail.sent.at(-1)!;
    expect(sent.html).toContain('Hi &lt;b&gt;Zoë&lt;/b&gt; &amp; &quot;co&quot;,');
    expect(sent.html).not.toContain('<b>Zoë');
    expect(sent.text).toContain('Hi <b>Zoë</b> & "co",');
  });
});
