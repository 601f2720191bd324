/**
 * The pure rules of the search box (spec §2 Search dropdown, §3, §5, §7, §9): recent-search labels,
 * content-managed popular searches, redirect allow-list, profanity, inline completion
 * and availability.
 */
import en from 'naughty-words/en.json';
import fr from 'naughty-words/fr.json';
import frCA from 'naughty-words/fr-CA-u-sd-caqc.json';
import { availabilityFor, availabilityText } from './availability';
import { completionTarget, inlineCompletion } from './completion';
import { choosePopular, isContentActive, MAX_POPULAR } from './popular';
import { createProfanityMatcher, loadProfanityMatcher } from './profanity';
import { addRecent, MAX_RECENT, parseRecent, removeRecent, truncateLabel } from './recent';
import { redirectCardFrom, safeImage } from './redirect';

describe('spec §5 / §9: recent-search label cut at 45 characters with an ellipsis', () => {
  it('keeps labels of up to 45 characters and cuts longer ones to 45 + "..."', () => {
    expect(truncateLabel('a'.repeat(45))).toBe('a'.repeat(45));
    expect(truncateLabel('a'.repeat(46))).toBe(`${'a'.repeat(45)}...`);
    expect(truncateLabel('organic free range large brown eggs from nova scotia')).toBe('organic free range large brown eggs from nova...');
  });

  it('counts characters, not UTF-16 units (emoji and accents are one character each)', () => {
    expect(truncateLabel('é'.repeat(45))).toBe('é'.repeat(45));
    expect(truncateLabel(`${'🍎'.repeat(46)}`)).toBe(`${'🍎'.repeat(45)}...`);
  });

  it('adds to the front, moves a repeated label (case-insensitive), sanitises, keeps 10', () => {
    let list = addRecent([], 'milk', '1');
    list = addRecent(list, '  <b>Bread</b>  ', '2');
    expect(list.map((r) => r.label)).toEqual(['bBread/b', 'milk']);
    list = addRecent(list, 'MILK', '3');
    expect(list).toEqual([{ id: '3', label: 'MILK' }, { id: '2', label: 'bBread/b' }]);
    for (let i = 0; i < 20; i += 1) list = addRecent(list, `q${i}`, `id${i}`);
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0].label).toBe('q19');
    expect(addRecent(list, '   ', 'x')).toEqual(list);
    expect(removeRecent(list, 'id19')[0].label).toBe('q18');
  });

  it('parses stored lists defensively', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('not json')).toEqual([]);
    expect(parseRecent('{"id":1}')).toEqual([]);
    expect(parseRecent(JSON.stringify([{ id: 'a', label: 'milk' }, { id: 2, label: 'x' }, null]))).toEqual([{ id: 'a', label: 'milk' }]);
  });
});

describe('spec §5: content-managed popular searches only when enabled, non-empty and today within startDate–endDate', () => {
  const content = { enablePopularSearch: true, startDate: '2026-12-01', endDate: '2026-12-31', items: [{ search: 'turkey' }, { search: 'stuffing' }] };
  const analytics = [{ search: 'milk', count: 9, nbHits: 40 }, { search: 'bread', count: 4, nbHits: 12 }];
  const day = (d: string) => new Date(`${d}T12:00:00`);

  it.each([
    ['inside the window', content, '2026-12-15', true],
    ['on startDate (inclusive)', content, '2026-12-01', true],
    ['on endDate (inclusive)', content, '2026-12-31', true],
    ['the day before startDate', content, '2026-11-30', false],
    ['the day after endDate', content, '2027-01-01', false],
    ['disabled', { ...content, enablePopularSearch: false }, '2026-12-15', false],
    ['an empty list', { ...content, items: [] }, '2026-12-15', false],
    ['a list of blank items', { ...content, items: [{ search: ' ' }, {}] }, '2026-12-15', false],
    ['no dates', { enablePopularSearch: true, items: content.items }, '2026-12-15', false],
    ['malformed dates', { ...content, startDate: '12/01/2026' }, '2026-12-15', false],
  ])('%s → %s', (_name, c, today, active) => {
    expect(isContentActive(c, day(today))).toBe(active);
    expect(choosePopular(c, analytics, day(today)).map((p) => p.search)).toEqual(active ? ['turkey', 'stuffing'] : ['milk', 'bread']);
  });

  it('never suggests an analytics search that found nothing', () => {
    expect(choosePopular(null, [{ search: 'milk', count: 3, nbHits: 10 }, { search: 'xqzv', count: 5, nbHits: 0 }], new Date()).map((p) => p.search)).toEqual(['milk']);
  });

  it('shows at most 6, and null content means the analytics', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ search: `q${i}`, count: 10 - i, nbHits: 1 }));
    expect(choosePopular(null, many, new Date())).toHaveLength(MAX_POPULAR);
  });
});

describe('spec §2 / §3: promotional redirect card — only the site\'s own origin is followed (kit safeReturnPath)', () => {
  const origin = 'https://shop.example';
  /** The address a card with `redirectURL: url` goes to, or null when the card is refused. */
  const followed = (url: unknown) => redirectCardFrom([{ cardTitle: 'Card', redirectURL: url }], 'standard', origin)?.redirectURL ?? null;
  it.each([
    ['/flyer', '/flyer'],
    ['/offers?week=2#top', '/offers?week=2#top'],
    ['flyer', null], // relative paths are refused (the seeded rules all use '/…' paths)
    ['/..//evil.example', null], // dot segments resolving to //host
    ['/%2F%2Fevil.example', null], // encoded //host
    ['https://shop.example/scene', '/scene'],
    ['https://evil.example/steal', null],
    ['//evil.example/steal', null],
    ['javascript:alert(1)', null],
    [' JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['http://shop.example/flyer', null], // another origin (scheme differs)
    ['/\\evil.example', null],
    ['', null],
    [42, null],
  ])('%p → %p', (url, expected) => {
    expect(followed(url)).toBe(expected);
  });

  it('picks the first card of the shopper\'s banner with an allowed address; images must be same-origin or data:image', () => {
    const userData = [
      { cardTitle: 'Co-op flyer', redirectURL: '/flyer', cardCTAText: 'Go', bannerCode: 'coop' },
      { cardTitle: 'Evil', redirectURL: 'https://evil.example', bannerCode: 'standard' },
      { cardTitle: 'Flyer', redirectURL: '/flyer', cardCTAText: 'View the flyer', bannerCode: 'standard', cardImage: 'https://evil.example/pixel.gif' },
    ];
    expect(redirectCardFrom(userData, 'standard', origin)).toEqual({
      cardTitle: 'Flyer', redirectURL: '/flyer', cardCTAText: 'View the flyer', cardImage: null, bannerCode: 'standard',
    });
    expect(redirectCardFrom(userData, 'coop', origin)?.cardTitle).toBe('Co-op flyer');
    expect(redirectCardFrom([{ cardTitle: 'Any banner', redirectURL: '/scene' }], 'coop', origin)?.redirectURL).toBe('/scene');
    expect(redirectCardFrom(undefined, 'standard', origin)).toBeNull();
    expect(redirectCardFrom(['x', null, { redirectURL: '/flyer' }], 'standard', origin)).toBeNull();
    expect(safeImage('data:image/svg+xml,%3Csvg%3E', origin)).toBe('data:image/svg+xml,%3Csvg%3E');
    expect(safeImage('data:text/html,x', origin)).toBeNull();
    expect(safeImage('/images/a.png', origin)).toBe('/images/a.png');
  });
});

describe('spec §5: profanity (naughty-words en + fr + fr-CA, whole words and phrases, grocery allow-list)', () => {
  const m = createProfanityMatcher([en, fr, frCA]);

  it.each(['shit', 'Shit!', 'fuck off', 'you ASSHOLE', 'putain', 'enculé', 'encule', 'tabarnak', 'criss de pain', 'butt', 'big tits', 'pork butt and shit', 'dick'])('flags %p', (q) => {
    expect(m.test(q)).toBe(true);
  });

  it.each(['pork butt', 'Pork Butt Roast', 'butt roast', 'spotted dick', 'pussy willow', 'cock-a-leekie soup', 'chili con carne', 'bite-size snacks', 'jelly donut',
    'peanut butter', 'butterscotch', 'cocktail sauce', 'scunthorpe', 'classic', 'dickens cider', 'assorted cheese', 'con', 'menage a trois wine', 'milk', ''])('does not flag %p', (q) => {
    if (q === 'con') {
      expect(m.test('chili con carne')).toBe(false);
      expect(m.test(q)).toBe(true); // alone it is the French insult
      return;
    }
    expect(m.test(q)).toBe(false);
  });

  it('matches phrases only as consecutive whole words', () => {
    expect(m.test('2 girls 1 cup')).toBe(true);
    expect(m.test('girls cup 2 1')).toBe(false);
  });

  it('loads the lists lazily, once', async () => {
    const a = await loadProfanityMatcher();
    const b = await loadProfanityMatcher();
    expect(a).toBe(b);
    expect(a.test('merde')).toBe(true);
  });
});

describe('spec §2: inline completion from 2 characters, Tab accepts the first suggestion', () => {
  it('completes with the first suggestion that extends the typed text', () => {
    expect(completionTarget('pea', ['pecan pie', 'peanut butter', 'peas'])).toBe('peanut butter');
    expect(inlineCompletion('Mi', ['milk', 'mint'])).toBe('lk');
    expect(inlineCompletion('m', ['milk'])).toBe('');
    expect(inlineCompletion('milk', ['milk'])).toBe('');
    expect(inlineCompletion(' mi', ['milk'])).toBe('');
    expect(completionTarget('xy', ['milk'])).toBeNull();
  });
});

describe('spec §5: availability against the preferred store and its region', () => {
  const store = { storeNumber: '3299', region: ['atlantic', 'ns'], locationName: 'Halifax Quinpool Road' };
  it('store, region, unavailable, unknown', () => {
    expect(availabilityFor({ storeIds: ['3299'], regions: ['ns'] }, store)).toBe('store');
    expect(availabilityFor({ storeIds: ['1111'], regions: ['NS'] }, store)).toBe('region');
    expect(availabilityFor({ storeIds: ['1111'], regions: ['on'] }, store)).toBe('unavailable');
    expect(availabilityFor({}, null)).toBe('unknown');
    expect(availabilityText('store', store.locationName)).toBe('Available at Halifax Quinpool Road');
    expect(availabilityText('region')).toBe('Not at your store · available in your region');
  });
});
