import { expect, type Locator, type Response } from '@playwright/test';
import { PageObject, logInPrompt, pageSlot } from './page-object';

/** The four collections of /offers (spec §3 Offer collections), as the page titles them. */
export type OfferSectionName = 'Active offers' | 'Pending offers' | 'Expired offers' | 'Redeemed offers' | 'Favourite offers' | 'Basket builder offers';

/**
 * mf-offers's pages (`./pages` in #slot-page): `/offers` (signed in, or `?hash=` read-only) and
 * `/favourites` (spec §2 Routes, §3, §4 Offers, §6, §8). The band (`#slot-mf-offers`) renders
 * nothing: it answers the shopping-list panel over the bus.
 */
export class OffersPages extends PageObject {
  /** The demo offers links (services/bff/README.md "Demo offers links"). */
  static readonly VALID_HASH = 'mc1hXipzEPjUP_tOqbh95j_i4Z16Rd75dsHV0tNFzwM';
  static readonly EXPIRED_HASH = 'PXHUUYvEkq3_m1-YbF17uuCMKlP8j-P9eDqSj1LysBQ';
  /** Spec §8 "Expired hash link", with the project's Scene+ support phone. */
  static readonly EXPIRED_LINK_TEXT = 'The link has expired, please sign in to view your current offers or contact Scene+ support at 1-866-586-2805.';
  /** Spec §8 card status text (LP00: offers loading skipped). */
  static readonly CARD_STATUS_TEXT = 'Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.';

  readonly main = pageSlot(this.page);
  readonly offersHeading = this.main.getByRole('heading', { level: 1, name: 'Offers' });
  readonly favouritesHeading = this.main.getByRole('heading', { level: 1, name: 'Favourite offers' });
  /** 'Load all (N)' next to the pending offers. */
  readonly loadAll = this.main.getByRole('button', { name: /^Load all \(\d+\)$/ });
  /** Every 'Load to card: <description>' button. */
  readonly loadButtons = this.main.getByRole('button', { name: /^Load to card: / });
  /** Every favourite toggle ('Favourite: <description>', aria-pressed). */
  readonly favouriteToggles = this.main.getByRole('button', { name: /^Favourite: / });
  /** The load result region (count banner, offers that did not load). */
  readonly banner = this.main.getByTestId('load-banner');
  /** The §8 expired-link alert. */
  readonly expiredLink = this.main.getByRole('alert').filter({ hasText: OffersPages.EXPIRED_LINK_TEXT });
  /** The sign-in prompt's 'Log In' (inside the page, not the header's). */
  readonly logIn = logInPrompt(this.main);
  /** Every offer card (`article[data-offer-id]`). */
  readonly cards = this.main.locator('article[data-offer-id]');

  gotoOffers(): Promise<Response | null> {
    return this.page.goto('/offers');
  }

  gotoFavourites(): Promise<Response | null> {
    return this.page.goto('/favourites');
  }

  /** Opens `/offers?hash=<hash>` (each call is one throttled hash lookup unless the tab stored it). */
  gotoLink(hash: string): Promise<Response | null> {
    return this.page.goto(`/offers?hash=${encodeURIComponent(hash)}`);
  }

  /** A collection's region, named 'Title (N)'. */
  section(name: OfferSectionName): Locator {
    return this.main.getByRole('region', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
  }

  /** Waits until the collection shows `count` offers ('Active offers (17)'). */
  async expectCount(name: OfferSectionName, count: number): Promise<void> {
    await expect(this.main.getByRole('region', { name: `${name} (${count})` })).toBeVisible({ timeout: 20_000 });
  }

  /** The card of one offer id (e.g. 'ofr-1003-010'). */
  card(offerId: string): Locator {
    return this.main.locator(`article[data-offer-id="${offerId}"]`);
  }

  /** The ids of the offer cards on the page. */
  async offerIds(): Promise<string[]> {
    return this.cards.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.offerId ?? ''));
  }

  /** The badge's main line of a card ('3X PTS', 'BUY 2 GET 1 FREE'). */
  badge(offerId: string): Locator {
    return this.card(offerId).locator('.mfo-badge__main');
  }
}
