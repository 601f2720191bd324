/**
 * The publications the provider serves: the committed weekly flyers of services/seed (one per store),
 * each made the current week's publication at request time. Shapes follow the provider ⇄ mf-flyer
 * contract (README "Contract").
 */
import type { FlyerItemRecord, FlyerPublicationRecord, StoreRecord, Uom } from '@storefront/seed';
import { flyerUnitPrice, type UnitPriceText } from './unit-prices';
import { addDays, isIsoDate, isThursday, localDate, PROVINCE_TIME_ZONES, weekOf } from './weeks';

/** A flyer item as the API returns it and as the bridge messages carry it (exactly these keys). */
export interface FlyerItem {
  id: string;
  articleNumber: string;
  uom: Uom;
  name: string;
  /** Absolute URL of the item's image on the provider (`/images/<id>.svg`). */
  image: string;
  priceText: string;
  saleStory: string;
  /** ISO dates of the publication's week. */
  validFrom: string;
  validTo: string;
}

/** `GET /api/publications` entry. */
export interface PublicationSummary {
  /** `<storeCode>-<YYYYMMDD of the week's Thursday>`, e.g. '3299-20261119'. */
  id: string;
  storeCode: string;
  title: string;
  validFrom: string;
  validTo: string;
}

/** `GET /api/publications/:id`. */
export interface Publication extends PublicationSummary {
  pages: Array<{ number: number; items: FlyerItem[] }>;
}

/** A resolved publication with what the flyer page shows besides the contract's fields. */
export interface ResolvedPublication {
  publication: Publication;
  store: StoreRecord;
  /** Page headings, by page index. */
  pageTitles: string[];
  /** Item id → package size (null for produce sold by weight). */
  sizes: Record<string, string | null>;
  /** Item id → unit price from its price and size (null when they give none). */
  unitPrices: Record<string, UnitPriceText | null>;
}

/** Ids look like '3299-20261119'. */
const PUBLICATION_ID = /^(\d{4})-(\d{4})(\d{2})(\d{2})$/;
/** Item ids look like '3299-20090401'. */
export const ITEM_ID = /^\d{4}-\d{8}$/;

export interface CatalogOptions {
  flyers: FlyerPublicationRecord[];
  stores: StoreRecord[];
  /** Origin the provider is reached at, for image URLs, e.g. 'http://localhost:4300'. */
  publicOrigin: string;
  /** Clock (tests pass a fixed instant). */
  now?: () => Date;
}

/** Lookups over the seed's flyers and stores, with the week computed from the clock. */
export class FlyerCatalog {
  private readonly flyers = new Map<string, FlyerPublicationRecord>();
  private readonly stores = new Map<string, StoreRecord>();
  private readonly items = new Map<string, FlyerItemRecord>();
  private readonly publicOrigin: string;
  private readonly now: () => Date;

  constructor(o: CatalogOptions) {
    for (const s of o.stores) this.stores.set(s.storeNumber, s);
    for (const f of o.flyers) {
      this.flyers.set(f.storeCode, f);
      for (const item of f.pages.flatMap((p) => p.items)) this.items.set(item.id, item);
    }
    this.publicOrigin = o.publicOrigin.replace(/\/+$/, '');
    this.now = o.now ?? (() => new Date());
  }

  /** Merchants served (the banner's code). */
  merchants(): string[] {
    return [...new Set([...this.flyers.values()].map((f) => f.merchant))];
  }

  /** Number of publications (one per store). */
  get size(): number {
    return this.flyers.size;
  }

  store(storeCode: string): StoreRecord | undefined {
    return this.stores.get(storeCode);
  }

  /** An item record by id (images). */
  item(itemId: string): FlyerItemRecord | undefined {
    return this.items.get(itemId);
  }

  /** Today in the store's time zone (flyers turn over at the store's midnight). */
  today(store: StoreRecord): string {
    return localDate(this.now(), PROVINCE_TIME_ZONES[store.address.province] ?? 'America/Toronto');
  }

  /**
   * The publications of a store, the current one (today within validFrom..validTo) first; undefined for
   * an unknown store or merchant. One weekly publication per store.
   */
  publicationsFor(merchant: string, storeCode: string): PublicationSummary[] | undefined {
    const flyer = this.flyers.get(storeCode);
    const store = this.stores.get(storeCode);
    if (!flyer || !store || flyer.merchant !== merchant) return undefined;
    const { validFrom, validTo } = weekOf(this.today(store));
    return [{ id: publicationId(storeCode, validFrom), storeCode, title: flyer.title, validFrom, validTo }];
  }

  /**
   * A publication by id: the current week's, or the previous week's (a page opened before the flyer
   * turned over keeps working until it reloads); undefined otherwise.
   */
  publication(id: string): ResolvedPublication | undefined {
    const m = PUBLICATION_ID.exec(id);
    if (!m) return undefined;
    const [, storeCode, y, mo, d] = m as unknown as [string, string, string, string, string];
    const validFrom = `${y}-${mo}-${d}`;
    const flyer = this.flyers.get(storeCode);
    const store = this.stores.get(storeCode);
    if (!flyer || !store || !isIsoDate(validFrom) || !isThursday(validFrom)) return undefined;
    const current = weekOf(this.today(store)).validFrom;
    if (validFrom !== current && validFrom !== addDays(current, -7)) return undefined;
    const validTo = addDays(validFrom, 6);
    const sizes: Record<string, string | null> = {};
    const unitPrices: Record<string, UnitPriceText | null> = {};
    const publication: Publication = {
      id,
      storeCode,
      title: flyer.title,
      validFrom,
      validTo,
      pages: flyer.pages.map((p) => ({
        number: p.number,
        items: p.items.map((r) => {
          sizes[r.id] = r.size;
          unitPrices[r.id] = flyerUnitPrice(r.priceText, r.size);
          return {
            id: r.id,
            articleNumber: r.articleNumber,
            uom: r.uom,
            name: r.name,
            image: `${this.publicOrigin}/images/${r.id}.svg`,
            priceText: r.priceText,
            saleStory: r.saleStory,
            validFrom,
            validTo,
          };
        }),
      })),
    };
    return { publication, store, pageTitles: flyer.pages.map((p) => p.title), sizes, unitPrices };
  }
}

/** '3299' + '2026-11-19' → '3299-20261119'. */
export function publicationId(storeCode: string, validFrom: string): string {
  return `${storeCode}-${validFrom.replace(/-/g, '')}`;
}
