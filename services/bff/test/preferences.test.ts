/**
 * The Preferences Centre endpoints (spec §2 /preferences-centre, §3 Session `subscribed`, §6):
 * GET / PUT /api/account/preferences over real HTTP.
 */
import { failure, harnessPerFile, success } from './harness';

const h = harnessPerFile();

describe('GET /api/account/preferences', () => {
  test('a new shopper gets the defaults: no emails, English', async () => {
    const res = await h.as('u-pref-new', 'GET', '/api/account/preferences');
    expect(res.json).toEqual(success(200, { flyerEmail: false, offersEmail: false, language: 'en' }));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('a seeded subscribed shopper (u-1003) reads as a flyer subscriber until they save', async () => {
    const res = await h.as('u-1003', 'GET', '/api/account/preferences');
    expect(res.json.data).toEqual({ flyerEmail: true, offersEmail: false, language: 'en' });
  });

  test('signed-in only: no token → 401', async () => {
    const res = await h.call('GET', '/api/account/preferences');
    expect(res.status).toBe(401);
    const put = await h.call('PUT', '/api/account/preferences', { body: { flyerEmail: true, offersEmail: false, language: 'en' } });
    expect(put.status).toBe(401);
  });
});

describe('PUT /api/account/preferences', () => {
  test('saves; GET restores it; subscribed on GET /api/account follows either email subscription', async () => {
    const put = await h.as('u-pref-1', 'PUT', '/api/account/preferences', { flyerEmail: true, offersEmail: false, language: 'fr' });
    expect(put.json).toEqual(success(200, { flyerEmail: true, offersEmail: false, language: 'fr' }));
    expect((await h.as('u-pref-1', 'GET', '/api/account/preferences')).json.data).toEqual({ flyerEmail: true, offersEmail: false, language: 'fr' });
    expect((await h.as('u-pref-1', 'GET', '/api/account')).json.data.subscribed).toBe(true);

    await h.as('u-pref-1', 'PUT', '/api/account/preferences', { flyerEmail: false, offersEmail: true, language: 'en' });
    expect((await h.as('u-pref-1', 'GET', '/api/account')).json.data.subscribed).toBe(true);

    const off = await h.as('u-pref-1', 'PUT', '/api/account/preferences', { flyerEmail: false, offersEmail: false, language: 'en' });
    expect(off.json.data).toEqual({ flyerEmail: false, offersEmail: false, language: 'en' });
    expect((await h.as('u-pref-1', 'GET', '/api/account')).json.data.subscribed).toBe(false);
    expect((await h.as('u-pref-1', 'GET', '/api/account/preferences')).json.data).toEqual({ flyerEmail: false, offersEmail: false, language: 'en' });
  });

  test('two shoppers: one can neither read nor change the other’s preferences (the uid comes from the token)', async () => {
    await h.as('u-pref-a', 'PUT', '/api/account/preferences', { flyerEmail: true, offersEmail: true, language: 'fr' });
    await h.as('u-pref-b', 'PUT', '/api/account/preferences', { flyerEmail: false, offersEmail: false, language: 'en' });

    // B naming A's uid is refused, on read and on write.
    const read = await h.as('u-pref-b', 'GET', '/api/account/preferences?uid=u-pref-a');
    expect(read.status).toBe(403);
    expect(read.json).toEqual(failure(403, 'Forbidden: not your account'));
    const write = await h.as('u-pref-b', 'PUT', '/api/account/preferences', { uid: 'u-pref-a', flyerEmail: false, offersEmail: false, language: 'en' });
    expect(write.status).toBe(403);

    // B's own save changes B only.
    await h.as('u-pref-b', 'PUT', '/api/account/preferences', { flyerEmail: true, offersEmail: false, language: 'en' });
    expect((await h.as('u-pref-a', 'GET', '/api/account/preferences')).json.data).toEqual({ flyerEmail: true, offersEmail: true, language: 'fr' });
    expect((await h.as('u-pref-b', 'GET', '/api/account/preferences')).json.data).toEqual({ flyerEmail: true, offersEmail: false, language: 'en' });
    expect((await h.as('u-pref-a', 'GET', '/api/account')).json.data.subscribed).toBe(true);
  });

  test('bad input → 400 with the reason; nothing is saved', async () => {
    await h.as('u-pref-bad', 'PUT', '/api/account/preferences', { flyerEmail: true, offersEmail: false, language: 'en' });
    const cases: [unknown, RegExp][] = [
      [{ flyerEmail: 'yes', offersEmail: false, language: 'en' }, /^Invalid body.flyerEmail: must be true or false$/],
      [{ flyerEmail: true, offersEmail: 1, language: 'en' }, /^Invalid body.offersEmail: must be true or false$/],
      [{ flyerEmail: true, offersEmail: false, language: 'de' }, /^Invalid body.language: must be 'en' or 'fr'$/],
      [{ flyerEmail: true, offersEmail: false }, /missing required property 'language'/],
      [{ flyerEmail: true, offersEmail: false, language: 'en', extra: 1 }, /unknown property 'extra'/],
      [null, /must be object/],
    ];
    for (const [body, reason] of cases) {
      const res = await h.as('u-pref-bad', 'PUT', '/api/account/preferences', body);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(reason);
    }
    expect((await h.as('u-pref-bad', 'GET', '/api/account/preferences')).json.data).toEqual({ flyerEmail: true, offersEmail: false, language: 'en' });
  });
});
