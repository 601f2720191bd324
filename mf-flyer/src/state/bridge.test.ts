import {
  acceptFlyerMessage, clampFlyerHeight, listItemIdOf, parseFlyerItem, parseFlyerMessage, savedIdsForStore,
} from './bridge';
import { flyerItem, flyerMessage, PROVIDER } from '../test-utils';

const PUB = 'pub-3299-w47';

describe('parseFlyerMessage (contract §3: the shape must be exactly right)', () => {
  it('accepts each message type of the contract', () => {
    expect(parseFlyerMessage(flyerMessage('flyer:ready', PUB), PROVIDER)).toEqual({ type: 'flyer:ready', publicationId: PUB });
    expect(parseFlyerMessage(flyerMessage('flyer:resize', PUB, { height: 1234.4 }), PROVIDER)).toEqual({ type: 'flyer:resize', publicationId: PUB, height: 1234.4 });
    for (const type of ['flyer:item-open', 'flyer:add-to-list', 'flyer:remove-from-list']) {
      expect(parseFlyerMessage(flyerMessage(type, PUB, { item: flyerItem() }), PROVIDER)).toEqual({ type, publicationId: PUB, item: flyerItem() });
    }
  });

  it('treats a key holding undefined as absent (structured clone keeps it)', () => {
    expect(parseFlyerMessage(flyerMessage('flyer:ready', PUB, { item: undefined, height: undefined }), PROVIDER)).not.toBeNull();
  });

  it('accepts an empty sale story (an item without one)', () => {
    expect(parseFlyerMessage(flyerMessage('flyer:add-to-list', PUB, { item: flyerItem({ saleStory: '' }) }), PROVIDER)).not.toBeNull();
  });

  const add = (item: unknown) => flyerMessage('flyer:add-to-list', PUB, { item });
  const { image: _image, ...itemWithoutImage } = flyerItem();

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'flyer:ready'],
    ['an array', [flyerMessage('flyer:ready', PUB)]],
    ['a class instance', Object.assign(new (class Msg {})(), flyerMessage('flyer:ready', PUB))],
    ['another source', { ...flyerMessage('flyer:ready', PUB), source: 'flyer-host' }],
    ['no source', (({ source: _s, ...rest }) => rest)(flyerMessage('flyer:ready', PUB))],
    ['version 2', { ...flyerMessage('flyer:ready', PUB), version: 2 }],
    ["version '1'", { ...flyerMessage('flyer:ready', PUB), version: '1' }],
    ['an unknown type', flyerMessage('flyer:checkout', PUB)],
    ['a type of another case', flyerMessage('FLYER:READY', PUB)],
    ['no publicationId', (({ publicationId: _p, ...rest }) => rest)(flyerMessage('flyer:ready', PUB))],
    ['an empty publicationId', flyerMessage('flyer:ready', '')],
    ['a numeric publicationId', { ...flyerMessage('flyer:ready', PUB), publicationId: 47 }],
    ['an extra field', flyerMessage('flyer:ready', PUB, { listItemIds: [] })],
    ['an item on ready', flyerMessage('flyer:ready', PUB, { item: flyerItem() })],
    ['a height on ready', flyerMessage('flyer:ready', PUB, { height: 10 })],
    ['resize without height', flyerMessage('flyer:resize', PUB)],
    ["resize with height '900'", flyerMessage('flyer:resize', PUB, { height: '900' })],
    ['resize with height NaN', flyerMessage('flyer:resize', PUB, { height: Number.NaN })],
    ['resize with height Infinity', flyerMessage('flyer:resize', PUB, { height: Number.POSITIVE_INFINITY })],
    ['resize with a negative height', flyerMessage('flyer:resize', PUB, { height: -1 })],
    ['add without item', flyerMessage('flyer:add-to-list', PUB)],
    ['remove without item', flyerMessage('flyer:remove-from-list', PUB)],
    ['item-open without item', flyerMessage('flyer:item-open', PUB)],
    ['an item that is a string', add('20010010_EA_3299')],
    ['an item with an extra field', add({ ...flyerItem(), html: '<b>x</b>' })],
    ['an item without image', add(itemWithoutImage)],
    ['an item with a uom outside the set', add(flyerItem({ uom: 'BOX' as never }))],
    ['an item with a lower-case uom', add(flyerItem({ uom: 'ea' as never }))],
    ["an article number with '_'", add(flyerItem({ articleNumber: '2001_0010' }))],
    ['an article number of 21 characters', add(flyerItem({ articleNumber: '1'.repeat(21) }))],
    ['an empty article number', add(flyerItem({ articleNumber: '' }))],
    ['a numeric name', add({ ...flyerItem(), name: 42 })],
    ['a blank name', add(flyerItem({ name: '   ' }))],
    ['a name of 201 characters', add(flyerItem({ name: 'x'.repeat(201) }))],
    ['an empty price text', add(flyerItem({ priceText: '' }))],
    ['a numeric sale story', add({ ...flyerItem(), saleStory: 5 })],
    ['an empty id', add(flyerItem({ id: '' }))],
    ['an image on another origin', add(flyerItem({ image: 'https://evil.example/x.jpg' }))],
    ['a javascript: image', add(flyerItem({ image: 'javascript:alert(1)' }))],
    ['a relative image', add(flyerItem({ image: '/images/x.jpg' }))],
    ['a date that is not YYYY-MM-DD', add(flyerItem({ validFrom: 'Nov 20' }))],
    ['a numeric date', add({ ...flyerItem(), validTo: 20251126 })],
  ])('refuses %s', (_what, data) => {
    expect(parseFlyerMessage(data, PROVIDER)).toBeNull();
  });

  it('parseFlyerItem copies only the contract fields', () => {
    expect(Object.keys(parseFlyerItem(flyerItem(), PROVIDER)!).sort()).toEqual(
      ['articleNumber', 'id', 'image', 'name', 'priceText', 'saleStory', 'uom', 'validFrom', 'validTo'],
    );
  });
});

describe('acceptFlyerMessage: origin AND source AND shape', () => {
  const frame = document.createElement('iframe');
  const other = document.createElement('iframe');
  beforeAll(() => { document.body.append(frame, other); });
  afterAll(() => { frame.remove(); other.remove(); });
  const from = { origin: PROVIDER, frameWindow: () => frame.contentWindow };
  const good = flyerMessage('flyer:ready', PUB);

  it('accepts the right message from the storefront iframe on the provider origin', () => {
    expect(acceptFlyerMessage({ origin: PROVIDER, source: frame.contentWindow, data: good }, from)).toEqual({ type: 'flyer:ready', publicationId: PUB });
  });

  it.each<[string, { origin: string; source: () => MessageEventSource | null }]>([
    ['the host page origin', { origin: 'http://localhost:8080', source: () => frame.contentWindow }],
    ['an origin with a trailing slash', { origin: `${PROVIDER}/`, source: () => frame.contentWindow }],
    ['another port', { origin: 'http://localhost:4301', source: () => frame.contentWindow }],
    ['https of the same host', { origin: 'https://localhost:4300', source: () => frame.contentWindow }],
    ["the 'null' origin", { origin: 'null', source: () => frame.contentWindow }],
    ['no source', { origin: PROVIDER, source: () => null }],
    ['another frame', { origin: PROVIDER, source: () => other.contentWindow }],
    ['the page itself', { origin: PROVIDER, source: () => window }],
  ])('ignores a message from %s', (_what, e) => {
    expect(acceptFlyerMessage({ origin: e.origin, source: e.source(), data: good }, from)).toBeNull();
  });

  it('ignores everything while the storefront has no iframe', () => {
    expect(acceptFlyerMessage({ origin: PROVIDER, source: frame.contentWindow, data: good }, { origin: PROVIDER, frameWindow: () => null })).toBeNull();
  });

  it('ignores a bad shape from the right frame and origin', () => {
    expect(acceptFlyerMessage({ origin: PROVIDER, source: frame.contentWindow, data: { ...good, version: 2 } }, from)).toBeNull();
  });
});

describe('list ids and sizes', () => {
  it('the list id of a flyer item is articleNumber_uom_storeCode (spec §3)', () => {
    expect(listItemIdOf(flyerItem({ articleNumber: '20010010', uom: 'KG' }), '0042')).toBe('20010010_KG_0042');
  });

  it("the flyer is told only this store's product ids: no custom items, no other store", () => {
    expect(savedIdsForStore(['20010010_EA_3299', '20010011_KG_0042', 'custom_1234abcd-1111', '20010012_G_3299', 'x_3299', '20010013_BOX_3299'], '3299'))
      .toEqual(['20010010_EA_3299', '20010012_G_3299']);
  });

  it.each([[100, 200], [199.6, 200], [200, 200], [1234.4, 1235], [20000, 20000], [20001, 20000], [1e9, 20000], [0, 200]])('height %d → %d px', (h, px) => {
    expect(clampFlyerHeight(h)).toBe(px);
  });
});
