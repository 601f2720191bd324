/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://localhost:18080/flyer"}
 *
 * public/embed.js, the flyer page inside the iframe (contract §3), run in a jsdom iframe whose parent is
 * the host page: it renders the items with textContent, posts flyer:ready / resize / item-open /
 * add-to-list / remove-from-list to hostOrigin only, and shows an item saved only when the host's
 * saved-items message from hostOrigin says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadFlyers, loadStores } from '@storefront/seed';
import { FlyerCatalog, type FlyerItem } from '../src/catalog';
import { embedPage } from '../src/embed';

const HOST = 'http://localhost:18080';
const EMBED_JS = readFileSync(path.join(__dirname, '../public/embed.js'), 'utf8');

interface Loaded {
  frame: Window;
  doc: Document;
  posts: Array<[Record<string, unknown>, string]>;
  items: FlyerItem[];
}

let parentPost: jest.SpyInstance;

/** The flyer page of `storeCode` in an iframe of this (host) page, with names optionally replaced. */
function load(storeCode = '0042', rename?: (item: FlyerItem) => string): Loaded {
  const catalog = new FlyerCatalog({ flyers: loadFlyers(), stores: loadStores(), publicOrigin: 'http://localhost:14300', now: () => new Date('2026-11-25T15:00:00Z') });
  const resolved = catalog.publication(`${storeCode}-20261119`)!;
  if (rename) for (const p of resolved.publication.pages) for (const i of p.items) i.name = rename(i);
  const html = embedPage(
    { hostOrigin: HOST, merchant: 'harbour-market', storeCode, locale: 'en-CA', store: { name: resolved.store.locationName, city: resolved.store.address.city, province: resolved.store.address.province }, publication: resolved.publication, pageTitles: resolved.pageTitles, sizes: resolved.sizes, unitPrices: resolved.unitPrices },
    'test',
  ).replace(/<script src=[^>]*><\/script>/, '');
  document.body.innerHTML = '';
  const iframe = document.createElement('iframe');
  document.body.appendChild(iframe);
  const frame = iframe.contentWindow!;
  const doc = iframe.contentDocument!;
  doc.open();
  doc.write(html);
  doc.close();
  const posts: Loaded['posts'] = [];
  parentPost = jest.spyOn(window, 'postMessage').mockImplementation(((msg: Record<string, unknown>, target: string) => {
    posts.push([msg, target]);
  }) as typeof window.postMessage);
  const script = doc.createElement('script');
  script.textContent = EMBED_JS;
  doc.body.appendChild(script);
  return { frame, doc, posts, items: resolved.publication.pages.flatMap((p) => p.items) };
}

afterEach(() => parentPost?.mockRestore());

const fromHost = (l: Loaded, data: unknown, init: { origin?: string; source?: unknown } = {}) =>
  l.frame.dispatchEvent(new (l.frame as unknown as typeof globalThis).MessageEvent('message', { data, origin: init.origin ?? HOST, source: (init.source === undefined ? window : init.source) as MessageEventSource }));
const savedItems = (ids: string[]) => ({ source: 'flyer-host', version: 1, type: 'flyer:saved-items', listItemIds: ids });
const toggleOf = (l: Loaded, item: FlyerItem) => l.doc.querySelector(`[data-item-id="${item.id}"] .item-toggle`) as HTMLButtonElement;

describe('the flyer page', () => {
  it('shows each item\'s unit price from its price and size, read as "per 100 g"', () => {
    const l = load();
    expect(l.items.length).toBeGreaterThan(0);
    for (const item of l.items) {
      const line = l.doc.querySelector(`[data-item-id="${item.id}"] .item-unit-price`);
      expect(line).not.toBeNull();
      expect(line!.textContent).toMatch(/^\$\d+\.\d{2} \/(100 g|100 mL|ea)\$\d+\.\d{2} per (100 g|100 mL|item)$/);
      expect(line!.querySelector('[aria-hidden="true"]')!.textContent).toMatch(/ \/(100 g|100 mL|ea)$/);
      expect(line!.querySelector('.visually-hidden')!.textContent).toMatch(/ per (100 g|100 mL|item)$/);
    }
  });

  it('renders the heading, the pages and one card per item (image with width/height, name, price, sale story)', () => {
    const l = load();
    expect(l.doc.querySelector('h1')!.textContent).toBe('Wolfville Main Street');
    expect(l.doc.querySelector('.flyer-valid')!.textContent).toBe('Valid Thursday, November 19 to Wednesday, November 25, 2026');
    const sections = l.doc.querySelectorAll('section.flyer-page');
    expect(sections.length).toBeGreaterThanOrEqual(2);
    expect(sections[0]!.querySelector('h2')!.textContent).toMatch(/^Page 1 of \d/);
    const cards = l.doc.querySelectorAll('article.item-card');
    expect(cards).toHaveLength(l.items.length);
    const first = l.items[0]!;
    const card = l.doc.querySelector(`[data-item-id="${first.id}"]`)!;
    expect(card.getAttribute('aria-label')).toBe(first.name);
    expect(card.querySelector('.item-name')!.textContent).toBe(first.name);
    expect(card.querySelector('.item-price')!.textContent).toBe(first.priceText);
    expect(card.querySelector('.item-story')!.textContent).toBe(first.saleStory);
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(first.image);
    expect(img.getAttribute('width')).toBe('240');
    expect(img.getAttribute('height')).toBe('180');
    expect(img.getAttribute('alt')).toBe('');
    expect(toggleOf(l, first).textContent).toBe(`Add to list: ${first.name}`);
    expect(l.doc.getElementById('flyer')!.hasAttribute('aria-busy')).toBe(false);
  });

  it('sets item texts as text: markup in a name stays text', () => {
    const l = load('0042', () => '<img src=x onerror="window.hacked=1">Bananas');
    expect(l.doc.querySelectorAll('img[onerror]')).toHaveLength(0);
    expect(l.doc.querySelector('.item-name')!.textContent).toBe('<img src=x onerror="window.hacked=1">Bananas');
  });

  it('tells the host it is ready and its height, to hostOrigin only', () => {
    const l = load();
    expect(l.posts[0]).toEqual([{ source: 'flyer-provider', version: 1, type: 'flyer:ready', publicationId: '0042-20261119' }, HOST]);
    expect(l.posts[1]![0]).toMatchObject({ source: 'flyer-provider', version: 1, type: 'flyer:resize', publicationId: '0042-20261119', height: expect.any(Number) });
    for (const [, target] of l.posts) expect(target).toBe(HOST);
  });

  it('opens an item: flyer:item-open with exactly the contract item', () => {
    const l = load();
    const item = l.items[2]!;
    (l.doc.querySelector(`[data-item-id="${item.id}"] .item-open`) as HTMLButtonElement).click();
    expect(l.posts.at(-1)).toEqual([{ source: 'flyer-provider', version: 1, type: 'flyer:item-open', publicationId: '0042-20261119', item }, HOST]);
  });

  it('asks to add, waits for the saved items, then offers to remove; never sets the flag by itself', () => {
    const l = load();
    const item = l.items[0]!;
    const button = toggleOf(l, item);
    button.click();
    expect(l.posts.at(-1)).toEqual([{ source: 'flyer-provider', version: 1, type: 'flyer:add-to-list', publicationId: '0042-20261119', item }, HOST]);
    expect(button.querySelector('.item-toggle-label')!.textContent).toBe('Adding…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const count = l.posts.length;
    button.click(); // ignored while waiting
    expect(l.posts).toHaveLength(count);
    const card = l.doc.querySelector(`[data-item-id="${item.id}"]`)!;
    expect(card.classList.contains('is-saved')).toBe(false);

    fromHost(l, savedItems([`${item.articleNumber}_${item.uom}_0042`]));
    expect(card.classList.contains('is-saved')).toBe(true);
    expect((card.querySelector('.item-saved') as HTMLElement).hidden).toBe(false);
    expect(button.querySelector('.item-toggle-label')!.textContent).toBe('Remove from list');
    expect(button.getAttribute('aria-disabled')).toBe('false');

    button.click();
    expect(l.posts.at(-1)![0]).toMatchObject({ type: 'flyer:remove-from-list', item });
    expect(card.classList.contains('is-saved')).toBe(true); // until the host answers
    fromHost(l, savedItems([]));
    expect(card.classList.contains('is-saved')).toBe(false);
    expect(button.querySelector('.item-toggle-label')!.textContent).toBe('Add to list');
  });

  it('a failed add (the host answers without the item) keeps the flag off', () => {
    const l = load();
    const item = l.items[1]!;
    toggleOf(l, item).click();
    fromHost(l, savedItems(['something_else_0042']));
    expect(l.doc.querySelector(`[data-item-id="${item.id}"]`)!.classList.contains('is-saved')).toBe(false);
    expect(toggleOf(l, item).querySelector('.item-toggle-label')!.textContent).toBe('Add to list');
  });

  it('ignores saved items from another origin, another window or with a bad shape', () => {
    const l = load();
    const item = l.items[0]!;
    const id = `${item.articleNumber}_${item.uom}_0042`;
    fromHost(l, savedItems([id]), { origin: 'https://evil.example' });
    fromHost(l, savedItems([id]), { source: l.frame });
    fromHost(l, { ...savedItems([id]), source: 'flyer-provider' });
    fromHost(l, { ...savedItems([id]), version: 2 });
    fromHost(l, { ...savedItems([id]), type: 'flyer:other' });
    fromHost(l, { source: 'flyer-host', version: 1, type: 'flyer:saved-items', listItemIds: [id, 3] });
    fromHost(l, 'flyer:saved-items');
    expect(l.doc.querySelectorAll('.is-saved')).toHaveLength(0);
    fromHost(l, savedItems([id]));
    expect(l.doc.querySelectorAll('.is-saved')).toHaveLength(1);
  });

  it('is keyboard operable: every control is a native button', () => {
    const l = load();
    const controls = l.doc.querySelectorAll('article.item-card button');
    expect(controls).toHaveLength(l.items.length * 2);
    for (const b of controls) expect((b as HTMLButtonElement).type).toBe('button');
  });
});
