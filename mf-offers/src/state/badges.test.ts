import { ALLOWED_OFFER_TYPES, dollarsIn, formatDollars, isUsableOffer, OFFER_TYPES, offerBadge, type BadgeFields } from './badges';
import { seedOffers } from '../test-utils';

/** One offer per code, with the fields the BFF seed gives that code (services/seed/data/offers/offers.json, card 1003). */
const BY_CODE: Array<[number, BadgeFields, string, string[]]> = [
  [11, { offerType: 11, points: 250, offerIconText1: '250 pts', offerIconText2: 'when you buy', offerIconText3: null, bonusMultiplier: null }, 'points', ['250 PTS', 'when you buy']],
  [12, { offerType: 12, points: 300, offerIconText1: '300 pts', offerIconText2: 'Spend $20.00', offerIconText3: 'Meat & Seafood', bonusMultiplier: null }, 'points', ['300 PTS', 'Spend $20.00', 'Meat & Seafood']],
  [13, { offerType: 13, points: 75, offerIconText1: '75 pts', offerIconText2: 'per item', offerIconText3: 'Max 5', bonusMultiplier: null }, 'points', ['75 PTS EACH', 'Max 5']],
  [14, { offerType: 14, points: null, offerIconText1: '$1.00 off', offerIconText2: null, offerIconText3: null, bonusMultiplier: null }, 'dollar', ['$1 OFF']],
  [15, { offerType: 15, points: null, offerIconText1: '$10.00 off', offerIconText2: 'Spend $100.00', offerIconText3: null, bonusMultiplier: null }, 'dollar', ['$10 OFF', 'Spend $100.00']],
  [16, { offerType: 16, points: null, offerIconText1: '10%', offerIconText2: 'off', offerIconText3: null, bonusMultiplier: null }, 'percent', ['10% OFF']],
  [17, { offerType: 17, points: null, offerIconText1: '20%', offerIconText2: 'off', offerIconText3: 'Pantry', bonusMultiplier: null }, 'percent', ['20% OFF', 'Pantry']],
  [18, { offerType: 18, points: null, offerIconText1: 'Buy 2', offerIconText2: 'Get 1', offerIconText3: 'Free', bonusMultiplier: null }, 'buyXGetY', ['BUY 2 GET 1 FREE']],
  [19, { offerType: 19, points: 400, offerIconText1: 'Buy 4', offerIconText2: 'Get 400 pts', offerIconText3: null, bonusMultiplier: null }, 'buyXGetY', ['BUY 4 GET 400 PTS']],
  [20, { offerType: 20, points: null, offerIconText1: '3x', offerIconText2: 'the points', offerIconText3: null, bonusMultiplier: 3 }, 'bonusMultiplier', ['3X PTS']],
  [21, { offerType: 21, points: null, offerIconText1: '5x', offerIconText2: 'the points', offerIconText3: 'Snacks & Candy', bonusMultiplier: 5 }, 'bonusMultiplier', ['5X PTS', 'Snacks & Candy']],
  [22, { offerType: 22, points: 300, offerIconText1: '300 pts', offerIconText2: 'Combo', offerIconText3: 'Pork Cured, Bacon + Fruitcake', bonusMultiplier: null }, 'combo', ['COMBO 300 PTS', 'Pork Cured, Bacon + Fruitcake']],
  [23, { offerType: 23, points: null, offerIconText1: '$3.00 off', offerIconText2: 'Combo', offerIconText3: 'Beef Brisket + Lima Beans, Large', bonusMultiplier: null }, 'combo', ['COMBO $3 OFF', 'Beef Brisket + Lima Beans, Large']],
  [24, { offerType: 24, points: 200, offerIconText1: '$1.00 off', offerIconText2: '+ 200 pts', offerIconText3: null, bonusMultiplier: null }, 'combo', ['$1 OFF + 200 PTS']],
  [25, { offerType: 25, points: null, offerIconText1: '2 for', offerIconText2: '$3.50', offerIconText3: null, bonusMultiplier: null }, 'dollar', ['2 FOR $3.50']],
  [26, { offerType: 26, points: 750, offerIconText1: '750 pts', offerIconText2: 'Buy any 2', offerIconText3: 'Cereal', bonusMultiplier: null }, 'points', ['750 PTS', 'Buy any 2', 'Cereal']],
  [27, { offerType: 27, points: 5, offerIconText1: '5 pts', offerIconText2: 'per $1', offerIconText3: 'Bakery', bonusMultiplier: null }, 'points', ['5 PTS PER $1', 'Bakery']],
];

describe('offer badge table (spec §4 Offers: codes 11–27 select badge layouts)', () => {
  it('covers exactly the codes 11 to 27', () => {
    expect(Object.keys(OFFER_TYPES).map(Number)).toEqual(Array.from({ length: 17 }, (_, i) => 11 + i));
    expect(BY_CODE.map(([code]) => code)).toEqual(Object.keys(OFFER_TYPES).map(Number));
  });

  it.each(BY_CODE)('code %i: layout and badge lines', (code, fields, layout, lines) => {
    expect(OFFER_TYPES[code].layout).toBe(layout);
    const badge = offerBadge(fields);
    expect(badge.layout).toBe(layout);
    expect(badge.offerType).toBe(code);
    expect(badge.lines).toEqual(lines);
    expect(badge.text).toBe(lines[0]);
  });

  it('an unknown code gets the neutral layout "other" with its first icon text, or OFFER', () => {
    expect(OFFER_TYPES[99]).toBeUndefined();
    expect(offerBadge({ offerType: 99, offerIconText1: 'Special', offerIconText2: 'deal' })).toEqual({ layout: 'other', offerType: 99, lines: ['SPECIAL', 'deal'], text: 'SPECIAL' });
    expect(offerBadge({ offerType: 10 })).toEqual({ layout: 'other', offerType: 10, lines: ['OFFER'], text: 'OFFER' });
  });

  it('falls back to the icon texts when a field the layout needs is missing', () => {
    expect(offerBadge({ offerType: 11, points: null, offerIconText1: '250 pts' }).lines).toEqual(['250 PTS']);
    expect(offerBadge({ offerType: 20, bonusMultiplier: null, offerIconText1: '3x', offerIconText2: 'the points' }).lines).toEqual(['3X', 'the points']);
    expect(offerBadge({ offerType: 14, offerIconText1: 'half price' }).text).toBe('HALF PRICE');
    expect(offerBadge({ offerType: 25 }).text).toBe('OFFER');
  });

  it('groups thousands of points and keeps cents only when there are some', () => {
    expect(offerBadge({ offerType: 11, points: 12500 }).text).toBe('12,500 PTS');
    expect(formatDollars(2)).toBe('$2');
    expect(formatDollars(3.5)).toBe('$3.50');
    expect(dollarsIn('Spend $100.00')).toBe(100);
    expect(dollarsIn('no money')).toBeNull();
  });

  it('is the table the BFF seed was generated with (offers.json offerTypes)', () => {
    const seed = seedOffers();
    const seedLayout: Record<string, string> = {
      points: 'points', 'dollar amount': 'dollar', percent: 'percent', 'buy X get Y': 'buyXGetY',
      'bonus multiplier': 'bonusMultiplier', combo: 'combo', 'multi-buy': 'dollar',
    };
    for (const [code, description] of Object.entries(seed.offerTypes)) {
      const label = description.split(':')[0];
      expect([code, OFFER_TYPES[Number(code)]?.layout]).toEqual([code, seedLayout[label]]);
    }
    // Every seeded offer gets a badge of its code's layout with a non-empty main line.
    for (const card of Object.values(seed.cards)) {
      for (const o of card.offers) {
        const badge = offerBadge(o);
        expect(badge.layout).toBe(OFFER_TYPES[o.offerType].layout);
        expect(badge.text).toMatch(/\S/);
        expect(badge.text).not.toBe('OFFER');
      }
    }
  });
});

describe('spec §5: only allowed types with B in the banner indicator are used', () => {
  it('the allowed set is 11–27', () => {
    expect([...ALLOWED_OFFER_TYPES].sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => 11 + i));
  });

  it.each([
    [{ offerType: 11, bannerInd: 'B' }, true],
    [{ offerType: 27, bannerInd: 'BC' }, true],
    [{ offerType: 16, bannerInd: 'C' }, false],
    [{ offerType: 10, bannerInd: 'B' }, false],
    [{ offerType: 28, bannerInd: 'B' }, false],
    [{ offerType: '11', bannerInd: 'B' }, false],
    [{ offerType: 11, bannerInd: '' }, false],
    [{ offerType: 11 }, false],
  ])('%j → %s', (o, used) => {
    expect(isUsableOffer(o)).toBe(used);
  });
});
