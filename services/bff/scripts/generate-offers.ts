/**
 * Generates the demo offers seed, services/seed/data/offers/offers.json (spec §3 Offer, Offer
 * collections, Favourites; §4 Offers; §5 "only offers whose banner indicator includes B are used"), from
 * the committed product catalogue (services/seed/data/products.json). Deterministic: the same catalogue
 * always gives the same file (a mulberry32 PRNG seeded per card; no clock, no Math.random). The file is
 * committed; the BFF reads it at start (src/seed.ts seedOffers) and never runs this script.
 *
 * What it writes, per demo card (Lena 1003, Liam 1002, Gina 1005, Maximilian 1008: about 25 offers;
 * Bella 1007: 200 offers, for the offers-read bench):
 * - every offerType 11–27 (the badge layouts of {@link OFFER_TYPES}) and every collection: pending,
 *   active (loaded), expired (endsInDays < 0), redeemed;
 * - bannerInd 'B', 'BC' and 'C' (C-only offers: banner 'coop', a Co-op Gold product; the storefront
 *   ignores them and the BFF refuses to load them);
 * - offers ending within 48 h (endsInDays 0.5–1.5) next to ones ending in weeks;
 * - `offer_description`: a JSON string `{"en","fr","category","articleNumbers"}` over real products; one
 *   of Lena's offers carries the markup `<img src=x onerror=alert(1)>` (it must show as text).
 * Plus favourites for Lena and Bella (live ones of both kinds, one redeemed and one expired that the first
 * favourites read removes) and two documented offers links (hashes fixed here: a valid one for Lena's
 * card, 30 days from seeding, and an expired one).
 *
 * End dates are RELATIVE: `endsInDays` (may be fractional or negative) is turned into an endDate when a
 * database is seeded, so 'expired' and 'ends within 48 h' hold whenever the demo is started fresh.
 *
 * Run: npm run generate:offers -w @storefront/bff
 */
import { createHash } from 'crypto';
import { mkdirSync, writeFileSync } from 'fs';
import path from 'path';
import { loadProducts, mulberry32, type ProductRecord } from '@storefront/seed';
import type { FavouriteKind, OfferRecord } from '../src/offers';
import { DEMO_OFFERS_FILE, type DemoHashLink } from '../src/seed';

/** Where the seed is written (committed). */
export const OFFERS_FILE = DEMO_OFFERS_FILE;

/** The badge layout of each offer type (spec §4: "Offer type codes 11 to 27 select badge layouts"; the exact table is ours). */
export const OFFER_TYPES: Record<number, string> = {
  11: 'points: fixed points for buying a product',
  12: 'points: fixed points for spending at least $X in a category',
  13: 'points: points per unit bought (up to a limit)',
  14: 'dollar amount: $X off a product',
  15: 'dollar amount: $X off when spending at least $Y',
  16: 'percent: X% off a product',
  17: 'percent: X% off a category',
  18: 'buy X get Y: buy X, get Y free',
  19: 'buy X get Y: buy X, get points',
  20: 'bonus multiplier: Nx the points on a product',
  21: 'bonus multiplier: Nx the points on a category',
  22: 'combo: buy two products together, get points',
  23: 'combo: buy two products together, save $X',
  24: 'combo: $X off plus points on a product',
  25: 'multi-buy: N for $X',
  26: 'points: bonus points for buying any N of a subcategory',
  27: 'points: points per $1 spent in a category',
};

/** A record of the offers seed (the BFF's OfferRecord: what becomes a card offer, src/offers.ts insertOffers). */
export type SeedOffer = OfferRecord;

/** A favourite of the seed. */
export interface SeedFavourite {
  offerId: string;
  kind: FavouriteKind;
}

/** An offers link of the seed. */
export type SeedHashLink = DemoHashLink;

export interface OffersSeed {
  _comment: string;
  offerTypes: Record<string, string>;
  hashLinks: SeedHashLink[];
  cards: Record<string, { uid: string; offers: SeedOffer[] }>;
  favourites: Record<string, SeedFavourite[]>;
}

type Collection = 'pending' | 'active' | 'expired' | 'redeemed';

/** Demo cards with offers: card → owner, preferred store (product availability), number of offers. */
const DEMO_CARDS = [
  { cardNumber: '6046000000001003', uid: 'u-1003', store: '3299', count: 25 },
  { cardNumber: '6046000000001002', uid: 'u-1002', store: '3299', count: 24 },
  { cardNumber: '6046000000001005', uid: 'u-1005', store: '3299', count: 24 },
  { cardNumber: '6046000000001007', uid: 'u-1007', store: '4886', count: 200 },
  { cardNumber: '6046000000001008', uid: 'u-1008', store: '3299', count: 24 },
] as const;

const FR_CATEGORY: Record<string, string> = {
  'Dairy & Eggs': 'Produits laitiers et œufs',
  Pantry: 'Garde-manger',
  'Meat & Seafood': 'Viandes et fruits de mer',
  Deli: 'Charcuterie',
  Breakfast: 'Déjeuner',
  'Fruits & Vegetables': 'Fruits et légumes',
  Frozen: 'Surgelés',
  Beverages: 'Boissons',
  Bakery: 'Boulangerie',
  'Snacks & Candy': 'Collations et bonbons',
};

/** Catalogue titles that read badly on an offer tile. */
const UNAPPEALING = /\b(Carcass|Tongue|Tripe|Brain|Lard|Suet|Fat|Gizzard|Separable|Giblets|Capons|Skin|Liver|Neck|Heart|Back|Variety|Dehydrated|Unprepared|Powder|Dry)\b/i;

/** 43-character base64url of SHA-256(label): fixed, documented demo hashes. */
export function demoHash(label: string): string {
  return createHash('sha256').update(label).digest('base64url');
}

/** FNV-1a of a string: the PRNG seed of a card. */
function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const dollarsFr = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} $`;
/** 1250 → '1,250' (no locale data: the same text on every Node build). */
const pts = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
/** 1250 → '1 250' (French thousands separator). */
const ptsFr = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, '\u00a0');

/** Collection pattern of the 17 base offers (one per type); 7 and 17 are coprime, so types spread over collections. */
const BASE_COLLECTIONS: Collection[] = ['pending', 'active', 'pending', 'expired', 'active', 'redeemed', 'pending'];
/** Bella's 200: a longer, mostly live mix. */
const BULK_COLLECTIONS: Collection[] = ['pending', 'active', 'pending', 'active', 'expired', 'pending', 'redeemed', 'active', 'pending', 'pending', 'active'];
const BULK_BANNER_IND = ['B', 'B', 'BC', 'B', 'C', 'B', 'BC', 'B', 'B', 'C', 'B', 'B', 'BC'];

interface Slot {
  type: number;
  collection: Collection;
  bannerInd: 'B' | 'BC' | 'C';
  /** Fixed endsInDays (e.g. within 48 h); else drawn for the collection. */
  endsInDays?: number;
  /** Markup in the description (rendered as text by the storefront). */
  markup?: boolean;
}

/** The offer slots of a card: one per type 11–27, then the edge cases (or Bella's bulk). */
function slotsFor(count: number, withMarkup: boolean): Slot[] {
  const slots: Slot[] = [];
  if (count > 100) {
    for (let i = 0; i < count; i++) {
      slots.push({ type: 11 + (i % 17), collection: BULK_COLLECTIONS[i % BULK_COLLECTIONS.length]!, bannerInd: BULK_BANNER_IND[i % BULK_BANNER_IND.length] as Slot['bannerInd'] });
    }
    // A few ending within 48 h.
    for (const i of [0, 1, 3, 7]) slots[i]!.endsInDays = [1.5, 0.5, 1, 1.75][[0, 1, 3, 7].indexOf(i)]!;
    return slots;
  }
  for (let t = 11; t <= 27; t++) {
    const i = t - 11;
    slots.push({ type: t, collection: BASE_COLLECTIONS[i % BASE_COLLECTIONS.length]!, bannerInd: i % 4 === 2 ? 'BC' : 'B' });
  }
  const extras: Slot[] = [
    { type: 11, collection: 'pending', bannerInd: 'B', endsInDays: 1.5 }, // pending, ends within 48 h
    { type: 20, collection: 'active', bannerInd: 'B', endsInDays: 0.75 }, // loaded, ends within 48 h
    { type: 16, collection: 'pending', bannerInd: 'C' }, // co-op only: never loadable here
    { type: 14, collection: 'pending', bannerInd: 'C', endsInDays: 1 },
    { type: 18, collection: 'expired', bannerInd: 'B' }, // expired without being loaded
    { type: 12, collection: 'redeemed', bannerInd: 'BC', endsInDays: -4 }, // redeemed, ended since
    { type: 21, collection: 'pending', bannerInd: 'BC' },
  ];
  if (withMarkup) extras.push({ type: 11, collection: 'pending', bannerInd: 'B', markup: true });
  slots.push(...extras);
  if (slots.length !== count) throw new Error(`slot plan has ${slots.length} offers, expected ${count}`);
  return slots;
}

interface Text {
  en: string;
  fr: string;
}

interface Built {
  points: number | null;
  icons: [string | null, string | null, string | null];
  bonusMultiplier: number | null;
  text: Text;
  category: string;
  articleNumbers: string[];
  imageName: string;
}

/** The product an offer is about (name and catalogue picture), or {} for an offer on a group of products. */
function productOf(b: Built, main: ProductRecord): Pick<SeedOffer, 'productName' | 'picture'> {
  if (!b.imageName) return {};
  return main.featuredImage ? { productName: main.title, picture: main.featuredImage } : { productName: main.title };
}

/** The badge fields and the texts of one offer of `type` over `main` (and `other`, `group` where the layout needs them). */
function build(type: number, rand: () => number, main: ProductRecord, other: ProductRecord, group: ProductRecord[]): Built {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const cat = main.category;
  const catFr = FR_CATEGORY[cat] ?? cat;
  const one = (b: Omit<Built, 'category' | 'articleNumbers' | 'imageName'>): Built => ({ ...b, category: cat, articleNumbers: [main.articleNumber], imageName: `${main.articleNumber}.png` });
  const t = main.title;
  switch (type) {
    case 11: {
      const p = pick([50, 100, 150, 200, 250, 300, 500]);
      return one({ points: p, icons: [`${pts(p)} pts`, 'when you buy', null], bonusMultiplier: null, text: { en: `Get ${pts(p)} points when you buy ${t}`, fr: `Obtenez ${ptsFr(p)} points à l'achat de ${t}` } });
    }
    case 12: {
      const p = pick([300, 500, 750, 1000]);
      const s = pick([2000, 3000, 4000, 5000]);
      return { ...one({ points: p, icons: [`${pts(p)} pts`, `Spend ${dollars(s)}`, cat], bonusMultiplier: null, text: { en: `Get ${pts(p)} points when you spend ${dollars(s)} or more on ${cat}`, fr: `Obtenez ${ptsFr(p)} points en dépensant ${dollarsFr(s)} ou plus en ${catFr}` } }), articleNumbers: group.map((g) => g.articleNumber), imageName: '' };
    }
    case 13: {
      const p = pick([25, 50, 75]);
      return one({ points: p, icons: [`${pts(p)} pts`, 'per item', 'Max 5'], bonusMultiplier: null, text: { en: `Get ${pts(p)} points for every ${t} you buy (up to 5)`, fr: `Obtenez ${ptsFr(p)} points pour chaque ${t} acheté (jusqu'à 5)` } });
    }
    case 14: {
      const c = pick([100, 150, 200, 300]);
      return one({ points: null, icons: [`${dollars(c)} off`, null, null], bonusMultiplier: null, text: { en: `Save ${dollars(c)} on ${t}`, fr: `Économisez ${dollarsFr(c)} sur ${t}` } });
    }
    case 15: {
      const c = pick([500, 1000]);
      const s = c * 10;
      return { ...one({ points: null, icons: [`${dollars(c)} off`, `Spend ${dollars(s)}`, null], bonusMultiplier: null, text: { en: `Save ${dollars(c)} when you spend ${dollars(s)} or more on ${cat}`, fr: `Économisez ${dollarsFr(c)} en dépensant ${dollarsFr(s)} ou plus en ${catFr}` } }), articleNumbers: group.map((g) => g.articleNumber), imageName: '' };
    }
    case 16: {
      const p = pick([10, 15, 20, 25, 30]);
      return one({ points: null, icons: [`${p}%`, 'off', null], bonusMultiplier: null, text: { en: `${p}% off ${t}`, fr: `${p} % de rabais sur ${t}` } });
    }
    case 17: {
      const p = pick([10, 15, 20]);
      return { ...one({ points: null, icons: [`${p}%`, 'off', cat], bonusMultiplier: null, text: { en: `${p}% off ${cat}`, fr: `${p} % de rabais en ${catFr}` } }), articleNumbers: group.map((g) => g.articleNumber), imageName: '' };
    }
    case 18: {
      const x = pick([1, 2, 3]);
      return one({ points: null, icons: [`Buy ${x}`, 'Get 1', 'Free'], bonusMultiplier: null, text: { en: `Buy ${x} ${t}, get 1 free`, fr: `Achetez-en ${x} (${t}), obtenez-en 1 gratuit` } });
    }
    case 19: {
      const x = pick([2, 3, 4]);
      const p = x * pick([100, 150]);
      return one({ points: p, icons: [`Buy ${x}`, `Get ${pts(p)} pts`, null], bonusMultiplier: null, text: { en: `Buy ${x} ${t}, get ${pts(p)} points`, fr: `Achetez-en ${x} (${t}), obtenez ${ptsFr(p)} points` } });
    }
    case 20: {
      const m = pick([2, 3, 5, 10]);
      return one({ points: null, icons: [`${m}x`, 'the points', null], bonusMultiplier: m, text: { en: `Get ${m}x the points on ${t}`, fr: `Obtenez ${m} fois plus de points sur ${t}` } });
    }
    case 21: {
      const m = pick([2, 3, 5]);
      return { ...one({ points: null, icons: [`${m}x`, 'the points', cat], bonusMultiplier: m, text: { en: `Get ${m}x the points on ${cat}`, fr: `Obtenez ${m} fois plus de points en ${catFr}` } }), articleNumbers: group.map((g) => g.articleNumber), imageName: '' };
    }
    case 22: {
      const p = pick([300, 400, 600]);
      return { ...one({ points: p, icons: [`${pts(p)} pts`, 'Combo', `${t} + ${other.title}`.slice(0, 40)], bonusMultiplier: null, text: { en: `Buy ${t} and ${other.title}, get ${pts(p)} points`, fr: `Achetez ${t} et ${other.title}, obtenez ${ptsFr(p)} points` } }), articleNumbers: [main.articleNumber, other.articleNumber] };
    }
    case 23: {
      const c = pick([200, 300, 400]);
      return { ...one({ points: null, icons: [`${dollars(c)} off`, 'Combo', `${t} + ${other.title}`.slice(0, 40)], bonusMultiplier: null, text: { en: `Buy ${t} and ${other.title}, save ${dollars(c)}`, fr: `Achetez ${t} et ${other.title}, économisez ${dollarsFr(c)}` } }), articleNumbers: [main.articleNumber, other.articleNumber] };
    }
    case 24: {
      const c = pick([50, 100]);
      const p = pick([100, 150, 200]);
      return one({ points: p, icons: [`${dollars(c)} off`, `+ ${pts(p)} pts`, null], bonusMultiplier: null, text: { en: `Save ${dollars(c)} and get ${pts(p)} points on ${t}`, fr: `Économisez ${dollarsFr(c)} et obtenez ${ptsFr(p)} points sur ${t}` } });
    }
    case 25: {
      const n = pick([2, 3]);
      const price = Math.max(100, Math.round((main.price * n * 0.8) / 50) * 50);
      return one({ points: null, icons: [`${n} for`, dollars(price), null], bonusMultiplier: null, text: { en: `${n} for ${dollars(price)} on ${t}`, fr: `${n} pour ${dollarsFr(price)} sur ${t}` } });
    }
    case 26: {
      const n = pick([2, 3]);
      const p = pick([500, 750, 1000]);
      const sub = main.subcategory;
      return { ...one({ points: p, icons: [`${pts(p)} pts`, `Buy any ${n}`, sub], bonusMultiplier: null, text: { en: `Get ${pts(p)} bonus points when you buy any ${n} ${sub} products`, fr: `Obtenez ${ptsFr(p)} points bonis à l'achat de ${n} produits ${sub}` } }), articleNumbers: group.map((g) => g.articleNumber), imageName: '' };
    }
    case 27: {
      const p = pick([2, 3, 5]);
      return { ...one({ points: p, icons: [`${p} pts`, 'per $1', cat], bonusMultiplier: null, text: { en: `Get ${p} points for every $1 you spend on ${cat}`, fr: `Obtenez ${p} points par dollar dépensé en ${catFr}` } }), articleNumbers: group.map((g) => g.articleNumber), imageName: '' };
    }
    default:
      throw new Error(`no layout for offerType ${type}`);
  }
}

/** The whole seed (deterministic for a given catalogue). */
export function buildOffersSeed(products: ProductRecord[] = loadProducts()): OffersSeed {
  const usable = products.filter((p) => !UNAPPEALING.test(p.title) && p.title.length <= 40);
  const cards: OffersSeed['cards'] = {};
  for (const card of DEMO_CARDS) {
    const rand = mulberry32(seedOf(card.cardNumber));
    const standard = usable.filter((p) => p.banners.includes('standard') && p.storeIds.includes(card.store));
    const coop = usable.filter((p) => p.banners.length === 1 && p.banners[0] === 'coop');
    const last4 = card.cardNumber.slice(-4);
    const used = new Set<string>();
    const draw = (pool: ProductRecord[]): ProductRecord => {
      for (let tries = 0; ; tries++) {
        const p = pool[Math.floor(rand() * pool.length)]!;
        if (!used.has(p.articleNumber) || tries > 50) {
          used.add(p.articleNumber);
          return p;
        }
      }
    };
    const offers = slotsFor(card.count, card.uid === 'u-1003').map((slot, i): SeedOffer => {
      const pool = slot.bannerInd === 'C' ? coop : standard;
      const main = draw(pool);
      const other = draw(pool.filter((p) => p.category !== main.category));
      const group = pool.filter((p) => p.subcategory === main.subcategory).slice(0, 4);
      if (!group.some((g) => g.articleNumber === main.articleNumber)) group.splice(3, 1, main);
      const b = build(slot.type, rand, main, other, group);
      if (slot.markup) {
        b.text = { en: `${b.text.en} <img src=x onerror=alert(1)>`, fr: `${b.text.fr} <img src=x onerror=alert(1)>` };
      }
      const endsInDays = slot.endsInDays ?? (slot.collection === 'expired' ? -(1 + Math.floor(rand() * 20)) : 3 + Math.floor(rand() * 26));
      return {
        offerId: `ofr-${last4}-${String(i + 1).padStart(3, '0')}`,
        offerType: slot.type,
        bannerInd: slot.bannerInd,
        banner: slot.bannerInd === 'C' ? 'coop' : 'standard',
        state: slot.collection === 'active' ? 'loaded' : slot.collection === 'redeemed' ? 'redeemed' : slot.collection === 'expired' && rand() < 0.3 ? 'loaded' : 'pending',
        endsInDays,
        points: b.points,
        offerIconText1: b.icons[0],
        offerIconText2: b.icons[1],
        offerIconText3: b.icons[2],
        bonusMultiplier: b.bonusMultiplier,
        imageName: b.imageName,
        ...productOf(b, main),
        offer_description: JSON.stringify({ en: b.text.en, fr: b.text.fr, category: b.category, articleNumbers: b.articleNumbers }),
      };
    });
    cards[card.cardNumber] = { uid: card.uid, offers };
  }

  /** Favourites: `n` live offers of the card as favourite, `m` as basket builder, plus one redeemed and one expired. */
  const favouritesOf = (cardNumber: string, n: number, m: number): SeedFavourite[] => {
    const offers = cards[cardNumber]!.offers;
    const live = offers.filter((o) => o.state !== 'redeemed' && o.endsInDays > 0 && o.bannerInd.includes('B'));
    const redeemed = offers.find((o) => o.state === 'redeemed')!;
    const expired = offers.find((o) => o.state !== 'redeemed' && o.endsInDays < 0)!;
    return [
      ...live.slice(0, n).map((o) => ({ offerId: o.offerId, kind: 'favourite' as const })),
      { offerId: redeemed.offerId, kind: 'favourite' },
      ...live.slice(n, n + m).map((o) => ({ offerId: o.offerId, kind: 'basketBuilder' as const })),
      { offerId: expired.offerId, kind: 'basketBuilder' },
    ];
  };

  return {
    _comment:
      'Demo Scene+ offers (spec §3 Offer, Offer collections, Favourites; §4 Offers). GENERATED by services/bff/scripts/generate-offers.ts from products.json (npm run generate:offers -w @storefront/bff) — do not edit by hand. Seeded by services/bff (seedOffers) once per database: endDate = seeding time + endsInDays days, a link expires at seeding time + expiresInDays days. state: pending | loaded | redeemed; an offer whose endDate has passed is expired. offer_description is the JSON string the API returns. Offer ids are per card. Hash links: the database stores only SHA-256(hash).',
    offerTypes: Object.fromEntries(Object.entries(OFFER_TYPES)),
    hashLinks: [
      { hash: demoHash('storefront demo offers link: Lena Linked, valid'), cardNumber: '6046000000001003', expiresInDays: 30, shows: "Lena's offers (card 6046000000001003) without signing in" },
      { hash: demoHash('storefront demo offers link: Bella Points, expired'), cardNumber: '6046000000001007', expiresInDays: -2, shows: 'An expired link: 410 HASH_EXPIRED (spec §8 message, then the storefront redirects home)' },
    ],
    cards,
    favourites: {
      'u-1003': favouritesOf('6046000000001003', 3, 2),
      'u-1007': favouritesOf('6046000000001007', 4, 3),
    },
  };
}

/** The seed as the committed file's text: one offer per line for reviewable diffs. */
export function renderOffersSeed(seed: OffersSeed): string {
  const line = (v: unknown) => JSON.stringify(v);
  const cards = Object.entries(seed.cards).map(
    ([cardNumber, { uid, offers }]) =>
      `    ${line(cardNumber)}: {\n      "uid": ${line(uid)},\n      "offers": [\n${offers.map((o) => `        ${line(o)}`).join(',\n')}\n      ]\n    }`,
  );
  const favourites = Object.entries(seed.favourites).map(
    ([uid, list]) => `    ${line(uid)}: [\n${list.map((f) => `      ${line(f)}`).join(',\n')}\n    ]`,
  );
  return [
    '{',
    `  "_comment": ${line(seed._comment)},`,
    `  "offerTypes": {\n${Object.entries(seed.offerTypes).map(([k, v]) => `    ${line(k)}: ${line(v)}`).join(',\n')}\n  },`,
    `  "hashLinks": [\n${seed.hashLinks.map((l) => `    ${line(l)}`).join(',\n')}\n  ],`,
    `  "cards": {\n${cards.join(',\n')}\n  },`,
    `  "favourites": {\n${favourites.join(',\n')}\n  }`,
    '}',
    '',
  ].join('\n');
}

if (require.main === module) {
  const text = renderOffersSeed(buildOffersSeed());
  mkdirSync(path.dirname(OFFERS_FILE), { recursive: true });
  writeFileSync(OFFERS_FILE, text);
  console.log(`wrote ${path.relative(process.cwd(), OFFERS_FILE)} (${text.length} bytes)`);
}
