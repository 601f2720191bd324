/**
 * Page objects (ARCHITECTURE §8: module-federation-examples `shared-context/e2e/page-objects/`): one
 * small class per remote part or shell page, so every shopper-facing label lives in one place and the
 * specs read as shopper steps. `storefront(page)` hands out all of them.
 */
import type { Locator, Page } from '@playwright/test';
import { AccountPages } from './account';
import { FlyerPage } from './flyer';
import { FooterBand, HeaderBand } from './header-band';
import { HomePage } from './home-page';
import { IdentityPages } from './identity';
import { LoyaltyPages, LoyaltyPopups } from './loyalty';
import { OffersPages } from './offers';
import { ProductPage } from './product';
import { SearchBox, SearchResultsPage } from './search';
import { ShellFrame } from './shell';
import { ShoppingListPage, ShoppingListPanel } from './shopping-list';
import { StorePages, StoreSelector } from './store';

export { FlyerPage } from './flyer';
export { FooterBand, HeaderBand } from './header-band';
export { HomePage } from './home-page';
export { DEMO_PASSWORD, IdentityPages } from './identity';
export { LoyaltyPages, LoyaltyPopups } from './loyalty';
export { OffersPages, type OfferSectionName } from './offers';
export { SearchBox, SearchResultsPage } from './search';
export { ShellFrame, type ShellErrorRecord } from './shell';
export { ShoppingListPage, ShoppingListPanel } from './shopping-list';
export { StorePages, StoreSelector } from './store';

/** Every page object of the storefront for one Playwright page. */
export function storefront(page: Page) {
  return {
    home: new HomePage(page),
    shell: new ShellFrame(page),
    header: new HeaderBand(page),
    footer: new FooterBand(page),
    search: new SearchBox(page),
    results: new SearchResultsPage(page),
    store: new StoreSelector(page),
    storePages: new StorePages(page),
    popups: new LoyaltyPopups(page),
    loyalty: new LoyaltyPages(page),
    identity: new IdentityPages(page),
    list: new ShoppingListPanel(page),
    listPage: new ShoppingListPage(page),
    flyer: new FlyerPage(page),
    offers: new OffersPages(page),
    product: new ProductPage(page),
    account: new AccountPages(page),
  };
}

export type Storefront = ReturnType<typeof storefront>;

/**
 * What each band app (registry `exposes[].app` of kind 'band') shows an anonymous shopper once mounted,
 * inside its slot: its landmarks, or `[]` when it renders nothing until asked (mf-loyalty's popups need
 * a signed-in shopper). A band app missing here is checked by its slot having content.
 */
export const BAND_LANDMARKS: Record<string, (s: Storefront) => Locator[]> = {
  'mf-header': (s) => [s.header.logo, s.header.accountButton],
  'mf-footer': (s) => [s.footer.navigation],
  'mf-search': (s) => [s.search.combobox],
  'mf-store-selector': (s) => [s.store.button],
  'mf-loyalty': () => [],
  'mf-shopping-list': (s) => [s.list.trigger],
  'mf-offers': () => [],
  'mf-tours': () => [],
};
