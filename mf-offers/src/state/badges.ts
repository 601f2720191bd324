/**
 * The offer badge table (spec §4 Offers: "Offer type codes 11 to 27 select badge layouts: points, dollar
 * amount, percent, buy X get Y, bonus multiplier, combos. The exact code-to-layout table is not shown")
 * and the offers the storefront uses (spec §5: "Only offers whose offerType is in an allowed set (set not
 * shown) and whose banner indicator includes B are used").
 *
 * The table is the one the BFF documents and generated its seed with (services/bff/README.md "Offer
 * types", services/seed/data/offers/offers.json `offerTypes`): each code has a layout (one of the six of
 * spec §4) and a badge built from the offer's `points`, `bonusMultiplier` and `offerIconText1..3`.
 *
 * | code | layout | what | badge (main line / text) |
 * |---|---|---|---|
 * | 11 | points | points for buying a product | `250 PTS` |
 * | 12 | points | points for spending $X in a category | `300 PTS` (+ 'Spend $20.00', category) |
 * | 13 | points | points per unit bought (max 5) | `75 PTS EACH` (+ 'Max 5') |
 * | 14 | dollar | $X off a product | `$1 OFF` |
 * | 15 | dollar | $X off when spending $Y | `$10 OFF` (+ 'Spend $100.00') |
 * | 16 | percent | X% off a product | `10% OFF` |
 * | 17 | percent | X% off a category | `20% OFF` (+ category) |
 * | 18 | buyXGetY | buy X, get Y free | `BUY 2 GET 1 FREE` |
 * | 19 | buyXGetY | buy X, get points | `BUY 4 GET 400 PTS` |
 * | 20 | bonusMultiplier | Nx the points on a product | `3X PTS` (from `bonusMultiplier`) |
 * | 21 | bonusMultiplier | Nx the points on a category | `3X PTS` (+ category) |
 * | 22 | combo | two products together → points | `COMBO 300 PTS` (+ the products) |
 * | 23 | combo | two products together → $X off | `COMBO $3 OFF` (+ the products) |
 * | 24 | combo | $X off plus points on a product | `$1 OFF + 200 PTS` |
 * | 25 | dollar | N for $X (multi-buy price) | `2 FOR $3.50` |
 * | 26 | points | bonus points for any N of a subcategory | `750 PTS` (+ 'Buy any 2', subcategory) |
 * | 27 | points | points per $1 spent in a category | `5 PTS PER $1` (+ category) |
 *
 * Allowed set ({@link ALLOWED_OFFER_TYPES}): exactly the codes of this table, 11–27. Any other code
 * (unknown to this storefront: it would have no layout) is not used, and {@link offerBadge} gives it the
 * neutral layout 'other' (its `offerIconText1`, or 'OFFER') should it ever be rendered.
 * When a field a layout needs is missing (e.g. `points: null`), the badge falls back to the offer's
 * `offerIconText1..3` as given (upper-cased main line), never to an empty badge.
 */

/** The six badge layouts of spec §4, plus 'other' for a code outside the table. */
export type BadgeLayout = 'points' | 'dollar' | 'percent' | 'buyXGetY' | 'bonusMultiplier' | 'combo' | 'other';

/** One row of the badge table. */
export interface OfferTypeInfo {
  /** The badge layout of the code. */
  layout: BadgeLayout;
  /** What the offer gives, as the BFF README says it (for docs and tooltips). */
  summary: string;
}

/** Offer type code → layout (the BFF README "Offer types" table; see the module comment). */
export const OFFER_TYPES: Readonly<Record<number, OfferTypeInfo>> = Object.freeze({
  11: { layout: 'points', summary: 'Points for buying a product' },
  12: { layout: 'points', summary: 'Points for spending $X in a category' },
  13: { layout: 'points', summary: 'Points per unit bought (up to a limit)' },
  14: { layout: 'dollar', summary: '$X off a product' },
  15: { layout: 'dollar', summary: '$X off when spending $Y' },
  16: { layout: 'percent', summary: 'X% off a product' },
  17: { layout: 'percent', summary: 'X% off a category' },
  18: { layout: 'buyXGetY', summary: 'Buy X, get Y free' },
  19: { layout: 'buyXGetY', summary: 'Buy X, get points' },
  20: { layout: 'bonusMultiplier', summary: 'N times the points on a product' },
  21: { layout: 'bonusMultiplier', summary: 'N times the points on a category' },
  22: { layout: 'combo', summary: 'Buy two products together, get points' },
  23: { layout: 'combo', summary: 'Buy two products together, save $X' },
  24: { layout: 'combo', summary: '$X off plus points on a product' },
  25: { layout: 'dollar', summary: 'N for $X' },
  26: { layout: 'points', summary: 'Bonus points for buying any N of a subcategory' },
  27: { layout: 'points', summary: 'Points per $1 spent in a category' },
});

/** Spec §5 "allowed set": the codes of {@link OFFER_TYPES} (11–27). */
export const ALLOWED_OFFER_TYPES: ReadonlySet<number> = new Set(Object.keys(OFFER_TYPES).map(Number));

/** The offer fields the badge and the §5 rule read (spec §3 Offer). */
export interface BadgeFields {
  offerType: number;
  points?: number | null;
  bonusMultiplier?: number | null;
  offerIconText1?: string | null;
  offerIconText2?: string | null;
  offerIconText3?: string | null;
}

/** A badge ready to render: `lines[0]` is the big line; `text` is the one-line form (bus, accessible name). */
export interface OfferBadge {
  layout: BadgeLayout;
  offerType: number;
  /** 1–3 lines, the first the main one, e.g. ['300 PTS', 'Spend $20.00', 'Meat & Seafood']. */
  lines: string[];
  /** One line, e.g. '300 PTS', '$2 OFF', '20% OFF', 'BUY 2 GET 1 FREE', '3X PTS' (`offers/matches` badge). */
  text: string;
}

/**
 * Spec §5: the offer is used by the storefront — its `offerType` is in {@link ALLOWED_OFFER_TYPES} and its
 * banner indicator (`bannerInd`, e.g. 'B', 'BC', 'C') includes 'B'.
 */
export function isUsableOffer(offer: { offerType: unknown; bannerInd?: unknown }): boolean {
  return typeof offer.offerType === 'number' && ALLOWED_OFFER_TYPES.has(offer.offerType)
    && typeof offer.bannerInd === 'string' && offer.bannerInd.includes('B');
}

/** 1250 → '1,250' (en-CA grouping). */
function formatPoints(points: number): string {
  return Math.round(points).toLocaleString('en-CA');
}

/** The first dollar amount in a text, e.g. '$1.00 off' → 1, 'Spend $100.00' → 100; null when none. */
export function dollarsIn(text: string | null | undefined): number | null {
  const m = /\$\s?(\d+(?:[.,]\d{1,2})?)/.exec(text ?? '');
  return m ? Number(m[1].replace(',', '.')) : null;
}

/** 2 → '$2', 3.5 → '$3.50' (whole dollars without cents, as on shelf tags). */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** The first whole number in a text ('Buy 2' → 2, '10%' → 10); null when none. */
function numberIn(text: string | null | undefined): number | null {
  const m = /(\d+(?:\.\d+)?)/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** Non-empty trimmed strings only. */
function present(...texts: Array<string | null | undefined>): string[] {
  return texts.map((t) => (typeof t === 'string' ? t.trim() : '')).filter((t) => t.length > 0);
}

/** The fallback badge: the offer's icon texts as given (main line upper-cased), or 'OFFER'. */
function fromIconTexts(offer: BadgeFields, layout: BadgeLayout): OfferBadge {
  const lines = present(offer.offerIconText1, offer.offerIconText2, offer.offerIconText3);
  if (lines.length === 0) return { layout, offerType: offer.offerType, lines: ['OFFER'], text: 'OFFER' };
  lines[0] = lines[0].toUpperCase();
  return { layout, offerType: offer.offerType, lines, text: lines[0] };
}

const pts = (points: number) => `${formatPoints(points)} PTS`;
const hasPoints = (p: number | null | undefined): p is number => typeof p === 'number' && Number.isFinite(p) && p > 0;

/**
 * The badge of an offer by its `offerType` (see the table in the module comment). Pure; never throws;
 * every line is plain text.
 */
export function offerBadge(offer: BadgeFields): OfferBadge {
  const code = offer.offerType;
  const info = OFFER_TYPES[code];
  if (!info) return fromIconTexts(offer, 'other');
  const { layout } = info;
  const make = (main: string, ...sub: Array<string | null | undefined>): OfferBadge =>
    ({ layout, offerType: code, lines: [main, ...present(...sub)], text: main });
  const { points, bonusMultiplier, offerIconText1: t1, offerIconText2: t2, offerIconText3: t3 } = offer;

  switch (code) {
    case 11:
      return hasPoints(points) ? make(pts(points), t2) : fromIconTexts(offer, layout);
    case 12:
    case 26:
      return hasPoints(points) ? make(pts(points), t2, t3) : fromIconTexts(offer, layout);
    case 13:
      return hasPoints(points) ? make(`${pts(points)} EACH`, t3) : fromIconTexts(offer, layout);
    case 27:
      return hasPoints(points) ? make(`${pts(points)} PER $1`, t3) : fromIconTexts(offer, layout);
    case 14:
    case 15: {
      const off = dollarsIn(t1);
      return off !== null ? make(`${formatDollars(off)} OFF`, code === 15 ? t2 : null) : fromIconTexts(offer, layout);
    }
    case 16:
    case 17: {
      const pct = numberIn(t1);
      return pct !== null ? make(`${pct}% OFF`, code === 17 ? t3 : null) : fromIconTexts(offer, layout);
    }
    case 18: {
      const buy = numberIn(t1);
      const get = numberIn(t2);
      return buy !== null && get !== null ? make(`BUY ${buy} GET ${get} FREE`) : fromIconTexts(offer, layout);
    }
    case 19: {
      const buy = numberIn(t1);
      return buy !== null && hasPoints(points) ? make(`BUY ${buy} GET ${pts(points)}`) : fromIconTexts(offer, layout);
    }
    case 20:
    case 21:
      return hasPoints(bonusMultiplier) ? make(`${bonusMultiplier}X PTS`, code === 21 ? t3 : null) : fromIconTexts(offer, layout);
    case 22:
      return hasPoints(points) ? make(`COMBO ${pts(points)}`, t3) : fromIconTexts(offer, layout);
    case 23: {
      const off = dollarsIn(t1);
      return off !== null ? make(`COMBO ${formatDollars(off)} OFF`, t3) : fromIconTexts(offer, layout);
    }
    case 24: {
      const off = dollarsIn(t1);
      return off !== null && hasPoints(points) ? make(`${formatDollars(off)} OFF + ${pts(points)}`) : fromIconTexts(offer, layout);
    }
    case 25: {
      const n = numberIn(t1);
      const price = dollarsIn(t2);
      return n !== null && price !== null ? make(`${n} FOR ${formatDollars(price)}`) : fromIconTexts(offer, layout);
    }
    default:
      return fromIconTexts(offer, layout);
  }
}
