/**
 * The Scene+ stand-in over real HTTP: spec §4 card status LP00–LP03 (the Verify flow: scene-verify.test.ts),
 * §8 link-account codes (every one reachable through cards.json), code 439, §7 historyLite and
 * transactionHistory (180-day window, cached 600 s).
 */
import { loadCards } from '@storefront/seed';
import { CARD_STATUS_ERROR } from '../src/scene';
import { failure, harnessPerFile, success } from './harness';

const h = harnessPerFile({ cardLimit: { perAddress: 1000 } }); // many shoppers add cards from one test address

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const encode = (o: unknown) => Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64');
const specRange = () => ({ startDate: iso(h.clock.now - 180 * DAY), endDate: iso(h.clock.now), enrollmentStatus: 'ENROLLED' });

describe('spec §4 POST /api/services/Inquire: card status codes', () => {
  test('LP01 linked (u-1003): success with points and dollar value in cents', async () => {
    const res = await h.as('u-1003', 'POST', '/api/services/Inquire');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual(success('LP01', {
      cardNumber: '6046000000001003', cardStatus: 'LP01', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 },
    }));
  });

  test('LP01 not linked (u-1002) and the large balance (u-1007)', async () => {
    expect((await h.as('u-1002', 'POST', '/api/services/Inquire')).json.data).toMatchObject({ cardStatus: 'LP01', linkedStatus: false });
    expect((await h.as('u-1007', 'POST', '/api/services/Inquire')).json.data.info).toEqual({ pointBalance: 2_450_000, dollarValue: 2_450_000 });
  });

  test('LP00 (u-1006) and LP02 (u-1004): status error with the spec §8 card-status message and the card data', async () => {
    for (const [uid, code] of [['u-1006', 'LP00'], ['u-1004', 'LP02']] as const) {
      const res = await h.as(uid, 'POST', '/api/services/Inquire');
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ status: 'error', code, message: CARD_STATUS_ERROR, data: expect.objectContaining({ cardStatus: code, linkedStatus: false }) });
    }
    expect(CARD_STATUS_ERROR).toContain('1-866-586-2805');
  });

  test('LP03 ghost card (u-1005): success, enrollmentStatus GHOST', async () => {
    const res = await h.as('u-1005', 'POST', '/api/services/Inquire');
    expect(res.json).toEqual(success('LP03', expect.objectContaining({ cardStatus: 'LP03', enrollmentStatus: 'GHOST' })));
  });

  test("no card (u-1001) → code 'NO_CARD', data null", async () => {
    expect((await h.as('u-1001', 'POST', '/api/services/Inquire')).json).toEqual(failure('NO_CARD'));
  });

  test('bad input: malformed JSON, an array, an unknown property → 400', async () => {
    const malformed = await h.call('POST', '/api/services/Inquire', { headers: await h.headers('u-1003'), raw: '{"a":' });
    expect(malformed.json).toEqual(failure(400, 'Malformed JSON body'));
    expect((await h.call('POST', '/api/services/Inquire', { headers: await h.headers('u-1003'), raw: '[]' })).status).toBe(400);
    const extra = await h.call('POST', '/api/services/Inquire', { headers: await h.headers('u-1003'), body: { cardNumber: '6046000000001007' } });
    expect(extra.json).toEqual(failure(400, "Invalid body: unknown property 'cardNumber'"));
  });
});

describe('spec §4 code 439 (session problem)', () => {
  test('u-1009 gets HTTP 200 {status error, code 439, message Session expired} from every /api/services endpoint', async () => {
    for (const path of ['Inquire', 'historyLite', 'linkAccount', 'resendCode']) {
      const res = await h.as('u-1009', 'POST', `/api/services/${path}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(failure(439, 'Session expired'));
    }
    const verify = await h.as('u-1009', 'POST', '/api/services/verifyCode', { code: '246810' });
    expect(verify.json.code).toBe(439);
    const history = await h.as('u-1009', 'POST', '/api/services/transactionHistory', { data: encode(specRange()) });
    expect(history.json.code).toBe(439);
  });

  test('the account endpoint still answers for u-1009 (439 is for /api/services only)', async () => {
    expect((await h.as('u-1009', 'GET', '/api/account')).json.data.uid).toBe('u-1009');
  });
});

describe('spec §7 POST /api/services/historyLite', () => {
  test('linked card: the latest 5 transactions, newest first', async () => {
    const res = await h.as('u-1003', 'POST', '/api/services/historyLite');
    const txs = res.json.data.transactions as { id: string; date: string; description: string; points: number; storeNumber: string }[];
    expect(txs).toHaveLength(5);
    for (const t of txs) expect(t).toEqual({ id: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), description: expect.any(String), points: expect.any(Number), storeNumber: expect.stringMatching(/^\d{4}$/) });
    expect([...txs].sort((a, b) => b.date.localeCompare(a.date))).toEqual(txs);
  });

  test("unlinked card → 'CARD_NOT_LINKED'; no card → 'NO_CARD'", async () => {
    expect((await h.as('u-1004', 'POST', '/api/services/historyLite')).json).toEqual(failure('CARD_NOT_LINKED'));
    expect((await h.as('u-1001', 'POST', '/api/services/historyLite')).json).toEqual(failure('NO_CARD'));
  });
});

describe('spec §8 link-account codes, each reachable by adding a cards.json card', () => {
  const unowned = loadCards().filter((c) => c.ownerUid === null && c.linkOutcome !== 200);

  test('cards.json covers 6001, 100, 401, 504, 500, 6002, 6101, 6103, 6104, 6105 and an unlisted code', () => {
    const codes = unowned.map((c) => c.linkOutcome);
    for (const code of [6001, 100, 401, 504, 500, 6002, 6101, 6103, 6104, 6105]) expect(codes).toContain(code);
    expect(codes).toContain(7777);
  });

  test.each(unowned.map((c) => [c.linkOutcome, c.cardNumber] as const))('code %i: add card %s, then linkAccount answers it', async (code, cardNumber) => {
    const uid = `u-link-${code}`;
    const added = await h.as(uid, 'POST', '/api/account/card', { cardNumber });
    expect(added.status).toBe(200);
    const res = await h.as(uid, 'POST', '/api/services/linkAccount');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(failure(code));
    expect(res.headers.getSetCookie()).toEqual([]);
    if ([6001, 100, 401, 504, 500].includes(code)) expect(res.json.message).toMatch(new RegExp(`^The request could not be completed\\. .*1-866-586-2805.*\\(${code}\\)$`));
    if (code === 7777) expect(res.json.message).toBe('This card is on hold');
    expect((await h.as(uid, 'POST', '/api/services/Inquire')).json.data.linkedStatus).toBe(false);
  });

  test('u-1004 (LP02) gets 6101 from its own card; a linked card answers ALREADY_LINKED; no card NO_CARD', async () => {
    expect((await h.as('u-1004', 'POST', '/api/services/linkAccount')).json.code).toBe(6101);
    expect((await h.as('u-1003', 'POST', '/api/services/linkAccount')).json).toEqual(success('ALREADY_LINKED'));
    expect((await h.as('u-1001', 'POST', '/api/services/linkAccount')).json).toEqual(failure('NO_CARD'));
  });
});

describe('spec §7 POST /api/services/transactionHistory (180-day window, cached 600 s)', () => {
  test('the spec request (180 days ago → today) answers the card activity, newest first; the second call is served from the cache', async () => {
    const range = specRange();
    const first = await h.as('u-1007', 'POST', '/api/services/transactionHistory', { data: encode(range) });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const txs = first.json.data.transactions as { date: string }[];
    expect(txs.length).toBeGreaterThan(20);
    for (const t of txs) {
      expect(t.date >= range.startDate && t.date <= range.endDate).toBe(true);
    }
    expect([...txs].sort((a, b) => b.date.localeCompare(a.date))).toEqual(txs);

    await h.db.query("DELETE FROM transactions WHERE card_number = '6046000000001007' AND occurred_on >= current_date - 10");
    const second = await h.as('u-1007', 'POST', '/api/services/transactionHistory', { data: encode(range) });
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.json).toEqual(first.json);

    h.clock.now += 600_001;
    try {
      const third = await h.as('u-1007', 'POST', '/api/services/transactionHistory', { data: encode(specRange()) });
      expect(third.headers.get('x-cache')).toBe('miss');
    } finally {
      h.clock.now -= 600_001;
    }
  });

  test('the cache is per shopper: another shopper with the same range gets their own card', async () => {
    const range = encode(specRange());
    const bella = await h.as('u-1007', 'POST', '/api/services/transactionHistory', { data: range });
    const lena = await h.as('u-1003', 'POST', '/api/services/transactionHistory', { data: range });
    expect(lena.headers.get('x-cache')).toBe('miss');
    expect(lena.json.data.transactions).not.toEqual(bella.json.data.transactions);
  });

  test('URL-safe base64 is accepted; unlinked card → CARD_NOT_LINKED; no card → NO_CARD', async () => {
    const urlSafe = Buffer.from(JSON.stringify(specRange())).toString('base64url');
    expect((await h.as('u-1008', 'POST', '/api/services/transactionHistory', { data: urlSafe })).json.status).toBe('success');
    expect((await h.as('u-1004', 'POST', '/api/services/transactionHistory', { data: encode(specRange()) })).json).toEqual(failure('CARD_NOT_LINKED'));
    expect((await h.as('u-1001', 'POST', '/api/services/transactionHistory', { data: encode(specRange()) })).json).toEqual(failure('NO_CARD'));
  });

  test.each([
    ['not base64', '***', /must be base64-encoded JSON/],
    ['base64 of text', encode('hello'), /must be base64-encoded JSON/],
    ['base64 of an array', encode([1]), /must encode a JSON object/],
    ['an impossible date', encode({ startDate: '2025-02-30', endDate: '2025-03-01', enrollmentStatus: 'ENROLLED' }), /startDate must be a date/],
    ['a date with time', encode({ startDate: '2025-01-01T00:00', endDate: '2025-03-01', enrollmentStatus: 'ENROLLED' }), /startDate must be a date/],
    ['end before start', encode({ startDate: '2025-03-02', endDate: '2025-03-01', enrollmentStatus: 'ENROLLED' }), /endDate must not be before startDate/],
    ['a 181-day window', encode({ startDate: '2025-01-01', endDate: '2025-07-01', enrollmentStatus: 'ENROLLED' }), /must not exceed 180 days/],
    ['a future end', encode({ startDate: iso(Date.now()), endDate: iso(Date.now() + 5 * DAY), enrollmentStatus: 'ENROLLED' }), /must not be in the future/],
    ['no enrollmentStatus', encode({ startDate: '2025-01-01', endDate: '2025-01-02' }), /enrollmentStatus must be a string/],
  ])('%s → 400', async (_name, data, reason) => {
    const res = await h.as('u-1003', 'POST', '/api/services/transactionHistory', { data });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(failure(400, expect.stringMatching(reason)));
  });

  test('missing data or a non-string → 400', async () => {
    expect((await h.as('u-1003', 'POST', '/api/services/transactionHistory', {})).json).toEqual(failure(400, "Invalid body: missing required property 'data'"));
    expect((await h.as('u-1003', 'POST', '/api/services/transactionHistory', { data: 5 })).json).toEqual(failure(400, 'Invalid body.data: must be string'));
  });
});
