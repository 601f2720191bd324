import { expect, type Locator } from '@playwright/test';
import { PageObject, dialogNamed } from './page-object';

/**
 * mf-header's header band (`#slot-mf-header`, spec §2 Header): banner logo, account menu with the
 * Scene+ panel, mega menu, mobile panel, alert banner. Shopper-facing labels live here once.
 */
export class HeaderBand extends PageObject {
  /** The shell's band slot the remote renders into. */
  readonly slot = this.page.locator('#slot-mf-header');
  /** Banner logo link: 'Harbour Market home', or 'Harbour Co-op home' for a co-op store. */
  readonly logo = this.page.getByRole('link', { name: /^Harbour (Market|Co-op) home$/ });
  readonly coopLogo = this.page.getByRole('link', { name: 'Harbour Co-op home' });
  /** The anonymous account trigger ('Account'); signed in it reads 'Hi, <name>...'. */
  readonly accountButton = this.page.getByRole('button', { name: 'Account', exact: true });
  /** The signed-in account trigger, whatever the name. */
  readonly greetingButton = this.page.getByRole('button', { name: /^Hi, / });
  readonly logInButton = this.page.getByRole('button', { name: 'Log In' });
  readonly signUpButton = this.page.getByRole('button', { name: 'Sign Up' });
  readonly signOutButton = this.page.getByRole('button', { name: 'Sign Out' });
  /** The anonymous account menu's links. */
  readonly accountLinks = this.page.getByRole('list', { name: 'Your account' }).getByRole('link');
  /** Desktop mega menu (from 1024px). */
  readonly primaryNav = this.page.getByRole('navigation', { name: 'Primary' });
  /** Mobile panel trigger and dialog (up to 1023px). */
  readonly menuButton = this.page.getByRole('button', { name: 'Menu' });
  readonly mobileMenu = dialogNamed(this.page, 'Menu');
  /** The alert banner (a region the header adds to the shell's <header>). */
  readonly alertBanner = this.page.getByRole('region', { name: 'Alert' });
  /** The current store's name in the header. */
  readonly storeName = this.page.getByTestId('header-store-name');
  readonly scenePoints = this.page.getByTestId('scene-points');
  readonly sceneDollars = this.page.getByTestId('scene-dollars');

  /** What mf-header renders in the header band: its slot and the alert banner host it adds to the shell's <header>. */
  static readonly PARTS = ['#slot-mf-header', '.mfh-alert-host'];

  /** The signed-in account trigger: 'Hi, Lena...' (exact string) or a pattern such as /^Hi, Lena/. */
  greeting(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** Waits until the header shows the default store 3299 (Halifax), i.e. the store was published. */
  async waitForDefaultStore(): Promise<void> {
    await expect(this.storeName).toContainText('Halifax');
  }

  /**
   * Opens the account menu and returns its panel (the element the trigger controls).
   * @param trigger the signed-in trigger's name ('Hi, Nora...', /^Hi, Lena/); default the anonymous 'Account'
   */
  async openAccountMenu(trigger?: string | RegExp): Promise<Locator> {
    const button = trigger === undefined ? this.accountButton : this.greeting(trigger);
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = this.page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    // the menu's inside loads on demand: wait until its loading status is gone
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    return menu;
  }

  /** Account menu → 'Log In' (to the provider's page). */
  async startLogIn(): Promise<void> {
    await this.accountButton.click();
    await this.logInButton.click();
  }

  /** The alert banner's close button. */
  closeAlertButton(banner: Locator = this.alertBanner): Locator {
    return banner.getByRole('button', { name: 'Close alert' });
  }
}

/** mf-header's footer (`./footer` in `footer #slot-mf-footer`, spec §2 Footer). */
export class FooterBand extends PageObject {
  readonly slot = this.page.locator('#slot-mf-footer');
  readonly contentinfo = this.page.getByRole('contentinfo');
  /** The footer's navigation by itself (e.g. inside the slot, which sits in the <footer>). */
  readonly navigation = this.page.getByRole('navigation', { name: 'Footer' });
  /** The footer's navigation inside the page's contentinfo landmark. */
  readonly nav = this.contentinfo.locator(this.navigation);

  /**
   * Scrolls the footer into view until its band has mounted: the shell mounts the footer band only once
   * its slot comes into the viewport (registry `when: 'in-view'`), as a shopper scrolling down
   * would. Again while the page is still growing (e.g. /privacy-policy's sections arriving at 390 px
   * pushed the slot out of view before the shell saw it), as that shopper would scroll on.
   */
  async reveal(): Promise<void> {
    await expect(async () => {
      await this.slot.scrollIntoViewIfNeeded();
      await this.page.mouse.wheel(0, 400);
      await expect(this.navigation).toBeAttached({ timeout: 1_500 });
    }).toPass({ timeout: 20_000 });
  }

  /** Is the shell's `<footer> #slot-mf-footer` there? */
  async isWired(): Promise<boolean> {
    return (await this.page.locator('footer #slot-mf-footer').count()) > 0;
  }
}
