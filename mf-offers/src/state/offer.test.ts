import {
  applyFilters, categoriesOf, cutDescription, DEFAULT_FILTERS, formatEndDate, isExpiringSoon, isLive, liveFavourites,
  loadItemsFor, offerText, parseOfferDescription, usableCollections,
} from './offer';
import { inDays, lenaCollections, offer } from '../test-utils';

const HOUR = 60 * 60 * 1000;

describe('offer_description (spec §3: a JSON string), parsed safely', () => {
  it('reads en, category and articleNumbers', () => {
    expect(parseOfferDescription(offer({ text: 'Save $1.00', category: 'Breakfast', articleNumbers: ['20083229'] })))
      .toEqual({ text: 'Save $1.00', category: 'Breakfast', articleNumbers: ['20083229'] });
  });

  it.each([
    ['malformed JSON', '{"en": "oops'],
    ['a JSON array', '["x"]'],
    ['a JSON string', '"just text"'],
    ['null', 'null'],
    ['no en', '{"fr":"bonjour"}'],
    ['a blank en', '{"en":"   "}'],
    ['en of the wrong type', '{"en":42}'],
  ])('%s → falls back to description (never throws)', (_name, raw) => {
    const o = { ...offer({ category: 'Deli', articleNumbers: ['1'] }), offer_description: raw, description: 'Plain text fallback' };
    const parsed = parseOfferDescription(o);
    expect(parsed.text).toBe('Plain text fallback');
    expect(parsed.category).toBe('Deli');
    expect(parsed.articleNumbers).toEqual(['1']);
  });

  it('a non-string offer_description and no description give empty text', () => {
    expect(parseOfferDescription({ offer_description: undefined as unknown as string, description: undefined as unknown as string }).text).toBe('');
  });

  it('keeps only string article numbers', () => {
    const o = { ...offer(), offer_description: JSON.stringify({ en: 'x', articleNumbers: ['1', 2, null, '3'] }) };
    expect(parseOfferDescription(o).articleNumbers).toEqual(['1', '3']);
  });
});

describe('spec §5: offer description cut at 90 characters', () => {
  it('keeps 90 characters or fewer as they are (whitespace collapsed)', () => {
    const ninety = 'x'.repeat(90);
    expect(cutDescription(ninety)).toBe(ninety);
    expect(cutDescription('  a\n  b  ')).toBe('a b');
  });

  it('cuts a longer text to 90 characters ending with an ellipsis', () => {
    const cut = cutDescription('y'.repeat(120));
    expect(Array.from(cut)).toHaveLength(90);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    const text = '🍎'.repeat(95);
    expect(Array.from(cutDescription(text))).toHaveLength(90);
  });

  it('offerText: parsed, then cut; markup stays text', () => {
    const xss = 'Get 250 points when you buy Spaghetti, Protein-Fortified <img src=x onerror=alert(1)>';
    expect(offerText(offer({ text: xss }))).toBe(xss);
    expect(Array.from(offerText(offer({ text: `${'z'.repeat(100)} end` })))).toHaveLength(90);
  });
});

describe('dates', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  it('expiring soon = ends within 48 hours and has not ended', () => {
    expect(isExpiringSoon({ endDate: new Date(now + 47 * HOUR).toISOString() }, now)).toBe(true);
    expect(isExpiringSoon({ endDate: new Date(now + 48 * HOUR).toISOString() }, now)).toBe(true);
    expect(isExpiringSoon({ endDate: new Date(now + 49 * HOUR).toISOString() }, now)).toBe(false);
    expect(isExpiringSoon({ endDate: new Date(now - HOUR).toISOString() }, now)).toBe(false);
    expect(isExpiringSoon({ endDate: 'not a date' }, now)).toBe(false);
  });

  it('live = not ended', () => {
    expect(isLive({ endDate: new Date(now + 1).toISOString() }, now)).toBe(true);
    expect(isLive({ endDate: new Date(now).toISOString() }, now)).toBe(false);
  });

  it('formats the end date for en-CA', () => {
    expect(formatEndDate('2026-12-05T12:00:00.000Z')).toBe('Dec 5, 2026');
    expect(formatEndDate('nope')).toBe('');
  });
});

describe('spec §5 filter on the collections', () => {
  it('drops C-only offers, unknown types and malformed items; missing collections are empty', () => {
    const c = usableCollections({
      activeOffers: [offer({ offerId: 'a' }), offer({ offerId: 'c', bannerInd: 'C' }), offer({ offerId: 'x', offerType: 42 }), null, { offerId: 5 }, 'junk'],
      pendingOffers: 'not an array',
    });
    expect(c.activeOffers.map((o) => o.offerId)).toEqual(['a']);
    expect(c.pendingOffers).toEqual([]);
    expect(c.expiredOffers).toEqual([]);
    expect(usableCollections(null).redeemedOffers).toEqual([]);
  });

  it("Lena's demo card: 11 pending B offers (her 2 C-only ones are not used)", () => {
    const c = usableCollections(lenaCollections());
    expect(c.pendingOffers).toHaveLength(11);
    expect(c.pendingOffers.map((o) => o.offerId)).not.toContain('ofr-1003-020');
    expect(c.pendingOffers.map((o) => o.offerId)).not.toContain('ofr-1003-021');
    expect(c.activeOffers).toHaveLength(6);
  });

  it('favourites keep only usable, live offers', () => {
    const now = Date.now();
    const f = liveFavourites({ favouriteOffers: [offer({ offerId: 'live' }), offer({ offerId: 'ended', endDate: inDays(-1) })], basketBuilderOffers: [offer({ offerId: 'coop', bannerInd: 'C' })] }, now);
    expect(f.favouriteOffers.map((o) => o.offerId)).toEqual(['live']);
    expect(f.basketBuilderOffers).toEqual([]);
  });
});

describe("the shopper's filters and sort", () => {
  const list = [
    offer({ offerId: 'late', endDate: inDays(20), loaded: true, category: 'Deli' }),
    offer({ offerId: 'soon', endDate: inDays(1), loaded: false, category: 'Pantry' }),
    offer({ offerId: 'mid', endDate: inDays(5), loaded: false, category: 'Deli' }),
    offer({ offerId: 'bad', endDate: 'never', loaded: false, category: 'Deli' }),
  ];
  const ids = (xs: { offerId: string }[]) => xs.map((o) => o.offerId);

  it('sorts by end date, soonest or latest first, unreadable dates last', () => {
    expect(ids(applyFilters(list, DEFAULT_FILTERS))).toEqual(['soon', 'mid', 'late', 'bad']);
    expect(ids(applyFilters(list, { ...DEFAULT_FILTERS, sort: 'latest' }))).toEqual(['late', 'mid', 'soon', 'bad']);
  });

  it('filters loaded / not loaded and by category', () => {
    expect(ids(applyFilters(list, { ...DEFAULT_FILTERS, loaded: 'loaded' }))).toEqual(['late']);
    expect(ids(applyFilters(list, { ...DEFAULT_FILTERS, loaded: 'not-loaded' }))).toEqual(['soon', 'mid', 'bad']);
    expect(ids(applyFilters(list, { ...DEFAULT_FILTERS, category: 'Deli' }))).toEqual(['mid', 'late', 'bad']);
  });

  it('lists the categories alphabetically', () => {
    expect(categoriesOf({ activeOffers: list, pendingOffers: [offer({ category: 'Bakery' })], expiredOffers: [], redeemedOffers: [] })).toEqual(['Bakery', 'Deli', 'Pantry']);
  });

  it('load-offer items are { id, channel: web, banner }', () => {
    expect(loadItemsFor([offer({ offerId: 'a' }), offer({ offerId: 'b', banner: 'coop' })])).toEqual([
      { id: 'a', channel: 'web', banner: 'standard' },
      { id: 'b', channel: 'web', banner: 'coop' },
    ]);
  });
});
