/**
 * Shopping list and cart (spec §3 Shopping list, §4 "Shopping list and cart", §5, §6, §7 "Add or
 * update list to cart; get cart", §9 page size 100) over loopback, on PGlite and on PostgreSQL.
 */
import { readFileSync } from 'fs';
import path from 'path';
import { ACCOUNTS_DIR, DATA_DIR, loadShoppers } from '@storefront/seed';
import { seedShoppingLists } from '../src/seed';
import { failure, harnessPerFile, success } from './harness';

const h = harnessPerFile();

const LIST = '/api/shopping-list';
const item = (id: string) => `${LIST}/items/${encodeURIComponent(id)}`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A valid custom item body (meta as the contract asks). */
function customBody(itemId: string, name: string, quantity = 1, extra: Record<string, unknown> = {}) {
  return {
    product_type: 'Custom',
    quantity,
    meta: { name, item_Id: itemId, itemType: 'custom', category: 'Party', product_type: 'Custom', id: `id-${itemId}`, created_at: '2026-01-05T15:00:00.000Z', ...extra },
  };
}
/** A merge item for a custom entry. */
const customItem = (itemId: string, name: string, quantity = 1) => ({ item_id: itemId, ...customBody(itemId, name, quantity) });
/** n distinct product items 100000nn_EA_3299. */
const products = (n: number, from = 0, quantity = 1) =>
  Array.from({ length: n }, (_, i) => ({ item_id: `${10_000_000 + from + i}_EA_3299`, product_type: 'product', quantity }));

let seq = 0;
const mergeId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

async function listOf(uid: string, query = '?hitsPerPage=1000') {
  const res = await h.as(uid, 'GET', `${LIST}${query}`);
  expect(res.status).toBe(200);
  return res.json.data as { items: Array<{ item_id: string; quantity: number; product_type: string; checked: boolean; meta: Record<string, unknown> | null; created_at: string; updated_at: string }>; page: number; hitsPerPage: number; nbHits: number; nbPages: number };
}
const quantities = async (uid: string) => Object.fromEntries((await listOf(uid)).items.map((i) => [i.item_id, i.quantity]));

async function expect400(res: { status: number; json: unknown }, message: string | RegExp) {
  expect(res.status).toBe(400);
  expect(res.json).toEqual(failure(400, typeof message === 'string' ? message : expect.stringMatching(message)));
}

describe('GET /api/shopping-list (spec §4: 100 per page, Load More; §5)', () => {
  test('a shopper without a list gets an empty page; no-store; nonce echoed', async () => {
    const res = await h.as('u-list-empty', 'GET', LIST, undefined, { 'x-nonce': 'nonce-echoed-1' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(success(200, { items: [], page: 0, hitsPerPage: 100, nbHits: 0, nbPages: 0 }));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-nonce')).toBe('nonce-echoed-1');
  });

  test('signed out → 401; ?uid= of another shopper → 403', async () => {
    expect((await h.call('GET', LIST)).json).toEqual(failure(401, 'Missing id token'));
    expect((await h.call('PUT', item('20090401_KG_3299'), { body: { product_type: 'product', quantity: 1 } })).status).toBe(401);
    expect((await h.call('POST', `${LIST}/merge`, { body: { mergeId: mergeId(), items: [] } })).status).toBe(401);
    expect((await h.call('GET', '/api/cart?storeId=3299')).status).toBe(401);
    expect((await h.as('u-list-a', 'GET', `${LIST}?uid=u-1001`)).json).toEqual(failure(403, 'Forbidden: not your account'));
  });

  test('120 items: page 0 has 100, page 1 has 20, oldest first; past the end is empty', async () => {
    const uid = 'u-list-120';
    const res = await h.as(uid, 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: products(120) });
    expect(res.json.data).toMatchObject({ added: 120, updated: 0, nbHits: 120 });
    const p0 = await listOf(uid, '');
    expect(p0).toMatchObject({ page: 0, hitsPerPage: 100, nbHits: 120, nbPages: 2 });
    expect(p0.items).toHaveLength(100);
    const p1 = await listOf(uid, '?page=1');
    expect(p1).toMatchObject({ page: 1, hitsPerPage: 100, nbHits: 120, nbPages: 2 });
    expect(p1.items).toHaveLength(20);
    const all = [...p0.items, ...p1.items].map((i) => i.item_id);
    expect(all).toEqual(products(120).map((p) => p.item_id)); // the merge order is kept: oldest first
    expect(new Set(all).size).toBe(120);
    expect(await listOf(uid, '?page=2')).toMatchObject({ items: [], page: 2, nbHits: 120, nbPages: 2 });
    expect((await listOf(uid, '?hitsPerPage=1000')).items).toHaveLength(120);
    expect(await listOf(uid, '?page=3&hitsPerPage=40')).toMatchObject({ items: [], nbPages: 3 });
    const sorted = [...p0.items, ...p1.items].map((i) => i.created_at);
    expect([...sorted].sort()).toEqual(sorted);
  });

  test.each([
    ['?hitsPerPage=0', 'Invalid query.hitsPerPage: must be an integer from 1 to 1000'],
    ['?hitsPerPage=1001', 'Invalid query.hitsPerPage: must be an integer from 1 to 1000'],
    ['?hitsPerPage=abc', 'Invalid query.hitsPerPage: must be an integer from 1 to 1000'],
    ['?hitsPerPage=10.5', 'Invalid query.hitsPerPage: must be an integer from 1 to 1000'],
    ['?hitsPerPage=99999', 'Invalid query.hitsPerPage: must be an integer from 1 to 1000'],
    ['?page=-1', 'Invalid query.page: must be an integer from 0 to 999999'],
    ['?page=1.5', 'Invalid query.page: must be an integer from 0 to 999999'],
    ['?page=1000000', 'Invalid query.page: must be an integer from 0 to 999999'],
  ])('GET %s → 400 with the reason', async (query, message) => {
    await expect400(await h.as('u-list-a', 'GET', `${LIST}${query}`), message);
  });
});

describe('PUT /api/shopping-list/items/:itemId (absolute, idempotent)', () => {
  test('creates a product item, sets it with absolute values, a replay changes nothing', async () => {
    const uid = 'u-list-put';
    const first = await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 2, meta: { name: 'Bananas' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.json).toEqual(success(200, {
      item: { item_id: '20090401_KG_3299', product_type: 'product', quantity: 2, checked: false, meta: { name: 'Bananas' }, created_at: expect.stringMatching(ISO), updated_at: expect.stringMatching(ISO) },
      nbHits: 1,
    }));
    const created = first.json.data.item;
    await new Promise((r) => setTimeout(r, 5));
    const replay = await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 2, meta: { name: 'Bananas' } });
    expect(replay.json.data).toEqual({ item: created, nbHits: 1 });

    const set = await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'flyer', quantity: 5, checked: true });
    expect(set.json.data.item).toMatchObject({ product_type: 'flyer', quantity: 5, checked: true, meta: { name: 'Bananas' }, created_at: created.created_at });
    expect(set.json.data.item.updated_at > created.updated_at).toBe(true);
    // omitted checked / meta keep the stored values; meta null clears
    const keep = await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'flyer', quantity: 4 });
    expect(keep.json.data.item).toMatchObject({ quantity: 4, checked: true, meta: { name: 'Bananas' } });
    const cleared = await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'flyer', quantity: 4, checked: false, meta: null });
    expect(cleared.json.data.item).toMatchObject({ quantity: 4, checked: false, meta: null });

    const list = await listOf(uid);
    expect(list.nbHits).toBe(1);
    expect(list.items).toEqual([cleared.json.data.item]);
  });

  test('a custom item with its meta; the name is stored trimmed', async () => {
    const uid = 'u-list-custom';
    const id = 'custom_3f2c9a1e-77b0';
    const res = await h.as(uid, 'PUT', item(id), customBody(id, '  Birthday candles\t'));
    expect(res.status).toBe(200);
    expect(res.json.data.item).toMatchObject({ item_id: id, product_type: 'Custom', quantity: 1, meta: { name: 'Birthday candles', item_Id: id, itemType: 'custom', category: 'Party' } });
    const fifty = 'x'.repeat(50);
    expect((await h.as(uid, 'PUT', item(id), customBody(id, ` ${fifty} `))).json.data.item.meta.name).toBe(fifty);
  });

  test('the list answers exactly what PUT answered, whatever the meta holds (quotes, backslashes, emoji, nesting)', async () => {
    const uid = 'u-list-json';
    const meta = { name: 'Quote " back\\slash é 🍌 <b>bold</b>\n', nested: { a: [1, 2.5, null, true], empty: {} }, unicode: '\u2028\u001f\\u0000' };
    const put = await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'flyer', quantity: 7, checked: true, meta });
    const custom = await h.as(uid, 'PUT', item('custom_json-check'), customBody('custom_json-check', 'Tab\there "quoted"'));
    expect(put.json).toEqual(success(200, expect.anything()));
    expect(put.json.data.item.meta).toEqual(meta);
    const list = await listOf(uid);
    expect(list.items).toEqual([put.json.data.item, custom.json.data.item]);
    expect(list.items[1]!.meta!.name).toBe('Tab here "quoted"');
  });

  const custom = 'custom_abcdefgh';
  const tooBig = { name: 'Bananas', note: 'é'.repeat(1100) }; // 2,200+ bytes of UTF-8 though 1,100 characters
  test.each([
    ['quantity 0', '20090401_KG_3299', { product_type: 'product', quantity: 0 }, 'Invalid body.quantity: must be an integer from 1 to 999'],
    ['quantity 1000', '20090401_KG_3299', { product_type: 'product', quantity: 1000 }, 'Invalid body.quantity: must be an integer from 1 to 999'],
    ['quantity 1.5', '20090401_KG_3299', { product_type: 'product', quantity: 1.5 }, 'Invalid body.quantity: must be an integer from 1 to 999'],
    ["quantity '2'", '20090401_KG_3299', { product_type: 'product', quantity: '2' }, 'Invalid body.quantity: must be an integer from 1 to 999'],
    ['quantity missing', '20090401_KG_3299', { product_type: 'product' }, "Invalid body: missing required property 'quantity'"],
    ['bad product_type', '20090401_KG_3299', { product_type: 'grocery', quantity: 1 }, "Invalid body.product_type: must be 'product', 'flyer' or 'Custom'"],
    ['checked not boolean', '20090401_KG_3299', { product_type: 'product', quantity: 1, checked: 'yes' }, 'Invalid body.checked: must be true or false'],
    ['meta a string', '20090401_KG_3299', { product_type: 'product', quantity: 1, meta: 'Bananas' }, 'Invalid body.meta: must be an object or null'],
    ['meta an array', '20090401_KG_3299', { product_type: 'product', quantity: 1, meta: ['Bananas'] }, 'Invalid body.meta: must be an object or null'],
    ['meta over 2048 bytes', '20090401_KG_3299', { product_type: 'product', quantity: 1, meta: tooBig }, /^Invalid body\.meta: must be at most 2048 bytes as JSON \(is \d+\)$/],
    ['unknown property', '20090401_KG_3299', { product_type: 'product', quantity: 1, price: 2 }, "Invalid body: unknown property 'price'"],
    ['meta with U+0000', '20090401_KG_3299', { product_type: 'product', quantity: 1, meta: { note: 'a\u0000b' } }, 'Invalid body.meta: must not contain the character U+0000 or unpaired surrogates'],
    ['meta with a lone surrogate', '20090401_KG_3299', { product_type: 'product', quantity: 1, meta: { list: ['\ud83c'] } }, 'Invalid body.meta: must not contain the character U+0000 or unpaired surrogates'],
    ["product id with 'Custom'", '20090401_KG_3299', { product_type: 'Custom', quantity: 1 }, "Invalid body.product_type: must be 'product' or 'flyer' for a product item (item_id articleNumber_uom_storeId)"],
    ["custom id with 'product'", custom, { ...customBody(custom, 'Candles'), product_type: 'product' }, "Invalid body.product_type: must be 'Custom' for a custom item (item_id custom_…)"],
    ['custom without meta', custom, { product_type: 'Custom', quantity: 1 }, 'Invalid body.meta: a custom item needs meta { name, item_Id, itemType, category, product_type, id, created_at }'],
    ['custom with meta null', custom, { product_type: 'Custom', quantity: 1, meta: null }, 'Invalid body.meta: a custom item needs meta { name, item_Id, itemType, category, product_type, id, created_at }'],
    ['custom without name', custom, customBody(custom, 'x', 1, { name: undefined }), 'Invalid body.meta.name: must be a string of 1–50 characters'],
    ['custom name of 51 characters', custom, customBody(custom, 'y'.repeat(51)), 'Invalid body.meta.name: must be at most 50 characters after trimming'],
    ['custom name blank', custom, customBody(custom, '   '), 'Invalid body.meta.name: must not be blank'],
    ['custom item_Id ≠ item_id', custom, customBody(custom, 'Candles', 1, { item_Id: 'custom_other-one' }), `Invalid body.meta.item_Id: must equal the item_id '${custom}'`],
    ['custom itemType', custom, customBody(custom, 'Candles', 1, { itemType: 'product' }), "Invalid body.meta.itemType: must be 'custom'"],
    ['custom category too long', custom, customBody(custom, 'Candles', 1, { category: 'c'.repeat(51) }), 'Invalid body.meta.category: must be a string of at most 50 characters'],
    ['custom meta.product_type', custom, customBody(custom, 'Candles', 1, { product_type: 'product' }), "Invalid body.meta.product_type: must be 'Custom'"],
    ['custom without id', custom, customBody(custom, 'Candles', 1, { id: undefined }), 'Invalid body.meta.id: must be a string of 1–100 characters'],
    ['custom created_at not ISO', custom, customBody(custom, 'Candles', 1, { created_at: 'yesterday' }), "Invalid body.meta.created_at: must be an ISO 8601 date-time such as '2026-01-05T15:00:00.000Z'"],
  ])('%s → 400 with the reason', async (_name, id, body, message) => {
    await expect400(await h.as('u-list-bad', 'PUT', item(id), body), message);
  });

  test.each(['abc', '20090401_XX_3299', '20090401_KG_329', '20090401_KG_32990', 'custom_short', 'custom_has space1', `custom_${'a'.repeat(65)}`, '123456789012345678901_EA_3299', '2009 0401_KG_3299'])(
    'bad item id %j → 400 (PUT and DELETE)',
    async (id) => {
      const message = /^Invalid params\.itemId: must be a product item id articleNumber_uom_storeId such as '20090401_KG_3299' .* or a custom item id 'custom_' \+ 8–64 letters, digits or hyphens$/;
      await expect400(await h.as('u-list-bad', 'PUT', item(id), { product_type: 'product', quantity: 1 }), message);
      await expect400(await h.as('u-list-bad', 'DELETE', item(id)), message);
    },
  );

  test('nothing was stored by the refused requests', async () => {
    expect((await listOf('u-list-bad')).nbHits).toBe(0);
  });
});

describe('DELETE /api/shopping-list/items/:itemId', () => {
  test('removes the item; a replay answers removed:false with 200', async () => {
    const uid = 'u-list-del';
    await h.as(uid, 'PUT', item('20010010_G_3299'), { product_type: 'product', quantity: 1 });
    await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 1 });
    const first = await h.as(uid, 'DELETE', item('20010010_G_3299'));
    expect(first.status).toBe(200);
    expect(first.json).toEqual(success(200, { removed: true, nbHits: 1 }));
    const replay = await h.as(uid, 'DELETE', item('20010010_G_3299'));
    expect(replay.status).toBe(200);
    expect(replay.json).toEqual(success(200, { removed: false, nbHits: 1 }));
    expect((await listOf(uid)).items.map((i) => i.item_id)).toEqual(['20090401_KG_3299']);
  });
});

describe('spec §5: only items with quantity above 0 and a non-empty item_id', () => {
  test('the API refuses quantity 0 and an empty item_id (PUT, merge), so such an item is never stored', async () => {
    await expect400(await h.as('u-list-zero', 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 0 }), 'Invalid body.quantity: must be an integer from 1 to 999');
    await expect400(
      await h.as('u-list-zero', 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: [{ item_id: '20090401_KG_3299', product_type: 'product', quantity: 0 }] }),
      'Invalid body.items.0.quantity: must be an integer from 1 to 999',
    );
    await expect400(
      await h.as('u-list-zero', 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: [{ item_id: '', product_type: 'product', quantity: 1 }] }),
      /^Invalid body\.items\.0\.item_id: must be a product item id/,
    );
    const empty = await h.as('u-list-zero', 'PUT', `${LIST}/items/`, { product_type: 'product', quantity: 1 });
    expect([400, 404]).toContain(empty.status);
    expect((await listOf('u-list-zero')).nbHits).toBe(0);
  });

  test('the table cannot hold such rows either (check constraints)', async () => {
    await expect(h.db.query("INSERT INTO shopping_list_items (uid, item_id, product_type, quantity) VALUES ('u-x', '20090401_KG_3299', 'product', 0)")).rejects.toThrow(/check constraint/);
    await expect(h.db.query("INSERT INTO shopping_list_items (uid, item_id, product_type, quantity) VALUES ('u-x', '', 'product', 1)")).rejects.toThrow(/check constraint/);
    await expect(h.db.query("INSERT INTO shopping_list_items (uid, item_id, product_type, quantity) VALUES ('u-x', 'custom_abcdefgh', 'product', 1)")).rejects.toThrow(/check constraint/);
  });
});

describe('two shoppers (spec §6: a shopper reads and changes only their own list)', () => {
  test("A's items are not visible to B; B's PUT/DELETE of the same item_id touch only B's list; carts are separate", async () => {
    const [a, b] = ['u-two-a', 'u-two-b'];
    await h.as(a, 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 3, meta: { name: 'Bananas' } });
    await h.as(a, 'PUT', item('custom_a-candles'), customBody('custom_a-candles', 'Candles'));
    expect((await listOf(b)).items).toEqual([]);

    const bPut = await h.as(b, 'PUT', item('20090401_KG_3299'), { product_type: 'flyer', quantity: 9, checked: true });
    expect(bPut.json.data).toMatchObject({ item: { quantity: 9, meta: null }, nbHits: 1 });
    expect(await quantities(a)).toEqual({ '20090401_KG_3299': 3, 'custom_a-candles': 1 });
    expect((await listOf(a)).items[0]).toMatchObject({ product_type: 'product', checked: false, meta: { name: 'Bananas' } });

    expect((await h.as(b, 'DELETE', item('custom_a-candles'))).json.data).toEqual({ removed: false, nbHits: 1 });
    expect((await h.as(b, 'DELETE', item('20090401_KG_3299'))).json.data).toEqual({ removed: true, nbHits: 0 });
    expect(await quantities(a)).toEqual({ '20090401_KG_3299': 3, 'custom_a-candles': 1 });

    // B's merge with A's mergeId is B's own merge
    const shared = mergeId();
    await h.as(a, 'POST', `${LIST}/merge`, { mergeId: shared, items: products(2) });
    const bMerge = await h.as(b, 'POST', `${LIST}/merge`, { mergeId: shared, items: products(1, 50) });
    expect(bMerge.json.data).toMatchObject({ added: 1, nbHits: 1 });
    expect(Object.keys(await quantities(a))).toHaveLength(4);

    await h.as(a, 'POST', '/api/cart', { userToken: a, storeId: '3299', items: [{ item_id: '20090401_KG_3299', quantity: 3 }] });
    expect((await h.as(b, 'GET', '/api/cart?storeId=3299')).json.data).toEqual({ cart: { storeId: '3299', items: [], updated_at: null } });
    await h.as(b, 'POST', '/api/cart', { userToken: b, storeId: '3299', items: [{ item_id: '20010010_G_3299', quantity: 1 }] });
    expect((await h.as(a, 'GET', '/api/cart?storeId=3299')).json.data.cart.items).toEqual([{ item_id: '20090401_KG_3299', quantity: 3 }]);
    expect((await h.as(b, 'POST', '/api/cart', { userToken: a, storeId: '3299', items: [] })).json).toEqual(failure(403, 'Forbidden: not your account'));
    expect((await h.as(a, 'GET', '/api/cart?storeId=3299')).json.data.cart.items).toHaveLength(1);
  });
});

describe('POST /api/shopping-list/merge (spec §4: the anonymous list is merged into the account on login)', () => {
  test('union with quantities summed, capped at 999; custom items de-duplicated by normalised name', async () => {
    const uid = 'u-merge-1';
    await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 2, checked: true, meta: { name: 'Bananas' } });
    await h.as(uid, 'PUT', item('20010010_G_3299'), { product_type: 'product', quantity: 990 });
    await h.as(uid, 'PUT', item('20092061_L_3299'), { product_type: 'product', quantity: 999 });
    await h.as(uid, 'PUT', item('custom_birthday-1'), customBody('custom_birthday-1', 'birthday candles', 1));

    const items = [
      { item_id: '20090401_KG_3299', product_type: 'product', quantity: 3, meta: { name: 'Other name' } }, // 2 + 3
      { item_id: '20010010_G_3299', product_type: 'product', quantity: 50 }, // 990 + 50 → 999
      { item_id: '20092061_L_3299', product_type: 'product', quantity: 1 }, // already 999: not "updated"
      customItem('custom_anon-candles', '  Birthday   Candles ', 2), // matches 'birthday candles'
      customItem('custom_anon-napkins', 'Napkins', 1), // new
      customItem('custom_anon-napkins2', 'NAPKINS ', 4), // same name as the previous new one
      { item_id: '20180805_G_3299', product_type: 'flyer', quantity: 1, checked: true }, // new
      { item_id: '20180805_G_3299', product_type: 'flyer', quantity: 2 }, // same id again in the batch
    ];
    const id = mergeId();
    const res = await h.as(uid, 'POST', `${LIST}/merge`, { mergeId: id, items });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(success(200, { mergeId: id, added: 2, updated: 3, nbHits: 6 }));
    expect(await quantities(uid)).toEqual({
      '20090401_KG_3299': 5,
      '20010010_G_3299': 999,
      '20092061_L_3299': 999,
      'custom_birthday-1': 3,
      'custom_anon-napkins': 5,
      '20180805_G_3299': 3,
    });
    const list = await listOf(uid);
    expect(list.items.find((i) => i.item_id === '20090401_KG_3299')).toMatchObject({ checked: true, meta: { name: 'Bananas' } });
    expect(list.items.find((i) => i.item_id === '20180805_G_3299')).toMatchObject({ product_type: 'flyer', checked: true });
    expect(list.items.find((i) => i.item_id === 'custom_birthday-1')!.meta).toMatchObject({ name: 'birthday candles' });

    // a replayed mergeId adds nothing twice and answers the same counts
    const replay = await h.as(uid, 'POST', `${LIST}/merge`, { mergeId: id, items });
    expect(replay.json).toEqual(success(200, { mergeId: id, added: 2, updated: 3, nbHits: 6 }));
    const upper = await h.as(uid, 'POST', `${LIST}/merge`, { mergeId: id.toUpperCase(), items });
    expect(upper.json.data).toEqual({ mergeId: id, added: 2, updated: 3, nbHits: 6 });
    expect((await quantities(uid))['20090401_KG_3299']).toBe(5);

    // the same items under a new mergeId are merged again
    const again = await h.as(uid, 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: [items[0]] });
    expect(again.json.data).toMatchObject({ added: 0, updated: 1, nbHits: 6 });
    expect((await quantities(uid))['20090401_KG_3299']).toBe(8);
  });

  test('concurrent deliveries of one mergeId are applied once and answer the same counts', async () => {
    const uid = 'u-merge-concurrent';
    await h.as(uid, 'PUT', item('20090401_KG_3299'), { product_type: 'product', quantity: 1 });
    const id = mergeId();
    const body = { mergeId: id, items: [...products(30), { item_id: '20090401_KG_3299', product_type: 'product', quantity: 2 }] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.as(uid, 'POST', `${LIST}/merge`, body)));
    for (const a of answers) expect(a.json).toEqual(success(200, { mergeId: id, added: 30, updated: 1, nbHits: 31 }));
    const q = await quantities(uid);
    expect(q['20090401_KG_3299']).toBe(3);
    expect(Object.keys(q)).toHaveLength(31);
  });

  test('an empty merge is recorded; 1,000 items are accepted', async () => {
    expect((await h.as('u-merge-big', 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: [] })).json.data).toMatchObject({ added: 0, updated: 0, nbHits: 0 });
    const big = await h.as('u-merge-big', 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: products(1000).map((p) => ({ ...p, meta: { name: `Product ${p.item_id}` } })) });
    expect(big.json.data).toMatchObject({ added: 1000, nbHits: 1000 });
  });

  test.each([
    ['bad mergeId', { mergeId: 'not-a-uuid', items: [] }, "Invalid body.mergeId: must be a UUID such as '1b4e28ba-2fa1-41d2-883f-0016d3cca427'"],
    ['mergeId a number', { mergeId: 12, items: [] }, "Invalid body.mergeId: must be a UUID such as '1b4e28ba-2fa1-41d2-883f-0016d3cca427'"],
    ['missing mergeId', { items: [] }, "Invalid body: missing required property 'mergeId'"],
    ['missing items', { mergeId: '00000000-0000-4000-8000-000000000999' }, "Invalid body: missing required property 'items'"],
    ['1001 items', { mergeId: '00000000-0000-4000-8000-000000000999', items: products(1001) }, 'Invalid body.items: must be an array of at most 1000 items'],
    ['items not an array', { mergeId: '00000000-0000-4000-8000-000000000999', items: {} }, 'Invalid body.items: must be an array of at most 1000 items'],
    ['unknown property', { mergeId: '00000000-0000-4000-8000-000000000999', items: [], anonymous: true }, "Invalid body: unknown property 'anonymous'"],
    ['unknown item property', { mergeId: '00000000-0000-4000-8000-000000000999', items: [{ ...products(1)[0], price: 1 }] }, "Invalid body.items.0: unknown property 'price'"],
    ['item quantity 1000', { mergeId: '00000000-0000-4000-8000-000000000999', items: [...products(3), { ...products(1, 9)[0], quantity: 1000 }] }, 'Invalid body.items.3.quantity: must be an integer from 1 to 999'],
    ['item quantity 1.5', { mergeId: '00000000-0000-4000-8000-000000000999', items: [{ ...products(1)[0], quantity: 1.5 }] }, 'Invalid body.items.0.quantity: must be an integer from 1 to 999'],
    ['item bad id', { mergeId: '00000000-0000-4000-8000-000000000999', items: [{ ...products(1)[0], item_id: 'milk' }] }, /^Invalid body\.items\.0\.item_id: must be a product item id/],
    ['custom item without meta', { mergeId: '00000000-0000-4000-8000-000000000999', items: [products(1)[0], { item_id: 'custom_abcdefgh', product_type: 'Custom', quantity: 1 }] }, 'Invalid body.items.1.meta: a custom item needs meta { name, item_Id, itemType, category, product_type, id, created_at }'],
    ['custom name of 51 characters', { mergeId: '00000000-0000-4000-8000-000000000999', items: [customItem('custom_abcdefgh', 'n'.repeat(51))] }, 'Invalid body.items.0.meta.name: must be at most 50 characters after trimming'],
  ])('%s → 400 with the reason, nothing merged', async (_name, body, message) => {
    await expect400(await h.as('u-merge-bad', 'POST', `${LIST}/merge`, body), message);
    expect((await listOf('u-merge-bad')).nbHits).toBe(0);
  });

  test('a body over 512 KiB → 413', async () => {
    const items = products(1000).map((p) => ({ ...p, meta: { name: 'n'.repeat(600) } }));
    const res = await h.as('u-merge-bad', 'POST', `${LIST}/merge`, { mergeId: mergeId(), items });
    expect(res.status).toBe(413);
  });
});

describe('cart (spec §7 "Add or update list to cart (userToken, items, storeId); get cart")', () => {
  test('sets the cart of (uid, storeId) to the quantities given; 0 removes; a replay changes nothing; stores are separate', async () => {
    const uid = 'u-cart-1';
    expect((await h.as(uid, 'GET', '/api/cart?storeId=3299')).json).toEqual(success(200, { cart: { storeId: '3299', items: [], updated_at: null } }));
    const items = [{ item_id: '20090401_KG_3299', quantity: 2 }, { item_id: '20010010_G_3299', quantity: 0 }, { item_id: '20092061_L_3299', quantity: 999 }];
    const res = await h.as(uid, 'POST', '/api/cart', { userToken: uid, storeId: '3299', items });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cart = { storeId: '3299', items: [{ item_id: '20090401_KG_3299', quantity: 2 }, { item_id: '20092061_L_3299', quantity: 999 }], updated_at: expect.stringMatching(ISO) };
    expect(res.json).toEqual(success(200, { cart }));
    await new Promise((r) => setTimeout(r, 5));
    const replay = await h.as(uid, 'POST', '/api/cart', { userToken: uid, storeId: '3299', items });
    expect(replay.json.data.cart).toEqual(res.json.data.cart);
    expect((await h.as(uid, 'GET', '/api/cart?storeId=3299')).json.data.cart).toEqual(res.json.data.cart);

    const next = await h.as(uid, 'POST', '/api/cart', { userToken: uid, storeId: '3299', items: [{ item_id: '20090401_KG_3299', quantity: 0 }, { item_id: '20092061_L_3299', quantity: 1 }] });
    expect(next.json.data.cart.items).toEqual([{ item_id: '20092061_L_3299', quantity: 1 }]);
    expect(next.json.data.cart.updated_at > res.json.data.cart.updated_at).toBe(true);
    expect((await h.as(uid, 'GET', '/api/cart?storeId=4886')).json.data.cart).toEqual({ storeId: '4886', items: [], updated_at: null });
    await h.as(uid, 'POST', '/api/cart', { userToken: uid, storeId: '4886', items: [{ item_id: '20090401_KG_4886', quantity: 1 }] });
    expect((await h.as(uid, 'GET', '/api/cart?storeId=3299')).json.data.cart.items).toEqual([{ item_id: '20092061_L_3299', quantity: 1 }]);
  });

  test('userToken ≠ the signed-in uid → 403', async () => {
    const res = await h.as('u-cart-2', 'POST', '/api/cart', { userToken: 'u-1001', storeId: '3299', items: [] });
    expect(res.status).toBe(403);
    expect(res.json).toEqual(failure(403, 'Forbidden: not your account'));
  });

  const ok = { userToken: 'u-cart-3', storeId: '3299', items: [{ item_id: '20090401_KG_3299', quantity: 1 }] };
  test.each([
    ['storeId of 3 digits', { ...ok, storeId: '329' }, "Invalid body.storeId: must be a 4-digit store number such as '3299'"],
    ['storeId a number', { ...ok, storeId: 3299 }, "Invalid body.storeId: must be a 4-digit store number such as '3299'"],
    ['storeId missing', { userToken: 'u-cart-3', items: [] }, "Invalid body: missing required property 'storeId'"],
    ['userToken missing', { storeId: '3299', items: [] }, "Invalid body: missing required property 'userToken'"],
    ['userToken a number', { ...ok, userToken: 7 }, "Invalid body.userToken: must be the signed-in shopper's uid (a string of 1–255 characters)"],
    ['quantity 1000', { ...ok, items: [{ item_id: '20090401_KG_3299', quantity: 1000 }] }, 'Invalid body.items.0.quantity: must be an integer from 0 to 999 (0 removes the item)'],
    ['quantity -1', { ...ok, items: [{ item_id: '20090401_KG_3299', quantity: -1 }] }, 'Invalid body.items.0.quantity: must be an integer from 0 to 999 (0 removes the item)'],
    ["quantity '2'", { ...ok, items: [{ item_id: '20090401_KG_3299', quantity: '2' }] }, 'Invalid body.items.0.quantity: must be an integer from 0 to 999 (0 removes the item)'],
    ['a custom item', { ...ok, items: [{ item_id: 'custom_abcdefgh', quantity: 1 }] }, "Invalid body.items.0.item_id: must be a product item id articleNumber_uom_storeId such as '20090401_KG_3299' (uom EA, G, KG, L, ML or LB; 4-digit store)"],
    ['an item twice', { ...ok, items: [{ item_id: '20090401_KG_3299', quantity: 1 }, { item_id: '20090401_KG_3299', quantity: 2 }] }, "Invalid body.items: item_id '20090401_KG_3299' is given twice"],
    ['1001 items', { ...ok, items: products(1001).map((p) => ({ item_id: p.item_id, quantity: 1 })) }, 'Invalid body.items: must be an array of at most 1000 items'],
    ['unknown property', { ...ok, banner: 'standard' }, "Invalid body: unknown property 'banner'"],
    ['unknown item property', { ...ok, items: [{ item_id: '20090401_KG_3299', quantity: 1, price: 3 }] }, "Invalid body.items.0: unknown property 'price'"],
  ])('POST /api/cart %s → 400 with the reason', async (_name, body, message) => {
    await expect400(await h.as('u-cart-3', 'POST', '/api/cart', body), message);
  });

  test('GET /api/cart: bad or missing storeId → 400; unknown store → 404 STORE_NOT_FOUND (GET and POST)', async () => {
    await expect400(await h.as('u-cart-3', 'GET', '/api/cart?storeId=32a9'), "Invalid query.storeId: must be a 4-digit store number such as '3299'");
    await expect400(await h.as('u-cart-3', 'GET', '/api/cart'), "Invalid query: missing required property 'storeId'");
    const unknown = await h.as('u-cart-3', 'GET', '/api/cart?storeId=0001');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(failure('STORE_NOT_FOUND', "Unknown store '0001'"));
    expect((await h.as('u-cart-3', 'POST', '/api/cart', { ...ok, storeId: '0001' })).json).toEqual(failure('STORE_NOT_FOUND', "Unknown store '0001'"));
    expect((await h.as('u-cart-3', 'GET', '/api/cart?storeId=3299')).json.data.cart.items).toEqual([]);
  });
});

describe('demo shoppers\' lists (services/seed/data/accounts/lists.json)', () => {
  const file = JSON.parse(readFileSync(path.join(ACCOUNTS_DIR, 'lists.json'), 'utf8')) as { lists: Record<string, Array<{ item_id: string; quantity: number; product_type: string; meta: { name: string } }>> };

  test('every demo shopper has a list; product items are real products of their store; one list is empty', () => {
    const shoppers = loadShoppers();
    expect(Object.keys(file.lists).sort()).toEqual(shoppers.map((s) => s.uid).sort());
    const catalogue = new Map((JSON.parse(readFileSync(path.join(DATA_DIR, 'products.json'), 'utf8')) as Array<{ articleNumber: string; uom: string; title: string; storeIds: string[] }>).map((p) => [p.articleNumber, p]));
    const customNames = new Set<string>();
    for (const s of shoppers) {
      const store = s.preferredStoreId ?? '3299';
      for (const i of file.lists[s.uid]!) {
        if (i.product_type === 'Custom') {
          customNames.add(`${s.uid}:${i.meta.name}`);
          continue;
        }
        const [article, uom, storeId] = i.item_id.split('_');
        const product = catalogue.get(article!);
        expect(product).toBeDefined();
        expect([uom, storeId, i.meta.name]).toEqual([product!.uom, store, product!.title]);
        expect(product!.storeIds).toContain(store);
      }
    }
    expect(Object.values(file.lists).filter((l) => l.length === 0)).toHaveLength(1);
    expect(Object.values(file.lists).filter((l) => l.length > 0).every((l) => l.some((i) => i.product_type === 'Custom'))).toBe(true);
  });

  test('seeded at start: nora has 3 products and Birthday candles; bella has two pages; olga none', async () => {
    const nora = await listOf('u-1001');
    expect(nora.items.map((i) => [i.item_id, i.quantity, i.meta?.name])).toEqual([
      ['20090401_KG_3299', 2, 'Bananas'],
      ['20010010_G_3299', 1, 'Salted Butter'],
      ['20092061_L_3299', 1, 'Orange Juice'],
      ['custom_demo-u1001-birthday-candles', 1, 'Birthday candles'],
    ]);
    expect((await listOf('u-1007', '')).items).toHaveLength(100);
    expect((await listOf('u-1007', '')).nbHits).toBe(file.lists['u-1007']!.length);
    expect((await listOf('u-1006')).nbHits).toBe(0);
    for (const [uid, items] of Object.entries(file.lists)) {
      expect((await listOf(uid)).items.map((i) => [i.item_id, i.quantity])).toEqual(items.map((i) => [i.item_id, i.quantity]));
    }
  });

  test('seeding again inserts nothing, and a removed item stays removed', async () => {
    const before = await listOf('u-1002');
    expect(await seedShoppingLists(h.db)).toBe(0);
    expect(await listOf('u-1002')).toEqual(before);
    await h.as('u-1005', 'DELETE', item('20110901_EA_3299'));
    expect(await seedShoppingLists(h.db)).toBe(0);
    expect((await listOf('u-1005')).items.map((i) => i.item_id)).not.toContain('20110901_EA_3299');
  });
});

describe('hardening: nesting depth, shopper text, the list cap', () => {
  test('a JSON body nested 10,000 levels deep → 400 with the reason in the envelope (was 500); 64 levels still parse', async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const body = (levels: number) => `{"mergeId":"${mergeId()}","items":[{"item_id":"20090401_KG_3299","product_type":"product","quantity":1,"meta":${nested(levels)}}]}`;
    const deep = await h.call('POST', `${LIST}/merge`, { headers: await h.headers('u-deep-a'), raw: body(10_000) });
    expect(deep.status).toBe(400);
    expect(deep.json).toEqual(failure(400, 'Invalid body: JSON nested deeper than 64 levels'));
    // the body, items and the item are 3 levels: meta may nest 61 more
    const fine = await h.call('POST', `${LIST}/merge`, { headers: await h.headers('u-deep-a'), raw: body(61) });
    expect(fine.status).toBe(200);
    const over = await h.call('POST', `${LIST}/merge`, { headers: await h.headers('u-deep-a'), raw: body(62) });
    expect(over.json).toEqual(failure(400, 'Invalid body: JSON nested deeper than 64 levels'));
    // brackets inside strings do not count
    const text = await h.as('u-deep-a', 'PUT', item('custom_deep-0001'), customBody('custom_deep-0001', '[[[[{{{{'.repeat(5)));
    expect(text.status).toBe(200);
  });

  test('custom item names: NFC, invisible and control characters removed, combining marks cut at 4, lone surrogates refused', async () => {
    const put = (id: string, name: string) => h.as('u-text-a', 'PUT', item(id), customBody(id, name));
    const saved = async (id: string, name: string) => {
      const res = await put(id, name);
      expect([res.status, res.json.message]).toEqual([200, 'Saved']);
      return res.json.data.item.meta.name as string;
    };
    expect(await saved('custom_text-0001', 'Cre\u0300me bru\u0302le\u0301e')).toBe('Crème brûlée');
    expect(await saved('custom_text-0002', 'Mi\u200Blk\u2060 \u202Egnirts\u202C\uFEFF')).toBe('Milk gnirts');
    expect(await saved('custom_text-0003', '\u200E\u2066Eggs\u2069\u200F')).toBe('Eggs');
    expect(await saved('custom_text-0004', 'Bread\u0000\u0007\u009B\tand\nbutter')).toBe('Bread and butter');
    expect(await saved('custom_text-0005', `Z${'\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308'.repeat(10)}algo`)).toBe('Z\u0301\u0302\u0303\u0304algo'.normalize('NFC'));
    const lone = await put('custom_text-0006', 'Tea \ud800 bags');
    expect(lone.status).toBe(400);
    expect(lone.json).toEqual(failure(400, expect.stringMatching(/^Invalid body\.meta/)));
    // only invisible characters → blank
    expect((await put('custom_text-0007', '\u200B\u200D\uFEFF')).json).toEqual(failure(400, 'Invalid body.meta.name: must not be blank'));
    // a merge matches names after the same rules: 'Mi\u200Blk' is the 'Milk' already there
    const merge = await h.as('u-text-a', 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: [customItem('custom_text-0099', 'mi\u200Blk GNIRTS', 2)] });
    expect(merge.json.data).toMatchObject({ added: 0, updated: 1 });
  });

  test('a list holds at most 1,000 items: the 1,001st → 409 LIST_FULL with a message to show; concurrent PUTs cannot pass it; another shopper is not affected', async () => {
    const full = 'u-cap-full';
    expect((await h.as(full, 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: products(990, 50_000) })).status).toBe(200);
    // 20 new items at once onto 990: exactly 10 fit
    const puts = await Promise.all(Array.from({ length: 20 }, async (_, i) => h.as(full, 'PUT', item(`${10_060_000 + i}_EA_3299`), { product_type: 'product', quantity: 1 })));
    expect(puts.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = puts.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json).toEqual(failure('LIST_FULL', 'Your list is full: 1,000 items at most. Remove some items to add more.'));
    }
    expect((await listOf(full)).nbHits).toBe(1000);
    // changing an item already on the full list is fine; a merge that would add one is refused whole
    expect((await h.as(full, 'PUT', item('10050000_EA_3299'), { product_type: 'product', quantity: 5 })).status).toBe(200);
    const merge = await h.as(full, 'POST', `${LIST}/merge`, { mergeId: mergeId(), items: [...products(1, 50_000), ...products(1, 70_000)] });
    expect(merge.status).toBe(409);
    expect(merge.json.code).toBe('LIST_FULL');
    expect((await listOf(full)).items.find((i) => i.item_id === '10050000_EA_3299')!.quantity).toBe(5);
    // removing one makes room again
    expect((await h.as(full, 'DELETE', item('10050001_EA_3299'))).status).toBe(200);
    expect((await h.as(full, 'PUT', item('10070000_EA_3299'), { product_type: 'product', quantity: 1 })).status).toBe(200);
    // the other shopper's list is their own
    expect((await h.as('u-cap-other', 'PUT', item('10060000_EA_3299'), { product_type: 'product', quantity: 1 })).status).toBe(200);
  });
});
