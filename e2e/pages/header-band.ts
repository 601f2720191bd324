import { expect, type Locator, type Page } from '@playwright/test';

/**
 * mf-header's header band (`#slot-mf-header`, spec §2 Header): banner logo, account menu with the
 * Scene+ panel, mega menu, mobile panel, alert banner. Shopper-facing labels live here once.
 */
export class HeaderBand {
  /** The shell's band slot the remote renders into. */
  readonly slot: Locator;
  /** Banner logo link: 'Harbour Market home', or 'Harbour Co-op home' for a co-op store. */
  readonly logo: Locator;
  readonly coopLogo: Locator;
  /** The anonymous account trigger ('Account'); signed in it reads 'Hi, <name>...'. */
  readonly accountButton: Locator;
  /** The signed-in account trigger, whatever the name. */
  readonly greetingButton: Locator;
  readonly logInButton: Locator;
  readonly signUpButton: Locator;
  readonly signOutButton: Locator;
  /** The anonymous account menu's links. */
  readonly accountLinks: Locator;
  /** Desktop mega menu (from 1024px). */
  readonly primaryNav: Locator;
  /** Mobile panel trigger and dialog (up to 1023px). */
  readonly menuButton: Locator;
  readonly mobileMenu: Locator;
  /** The alert banner (a region the header adds to the shell's <header>). */
  readonly alertBanner: Locator;
  /** The current store's name in the header. */
  readonly storeName: Locator;
  readonly scenePoints: Locator;
  readonly sceneDollars: Locator;

  constructor(readonly page: Page) {
    this.slot = page.locator('#slot-mf-header');
    this.logo = page.getByRole('link', { name: /^Harbour (Market|Co-op) home$/ });
    this.coopLogo = page.getByRole('link', { name: 'Harbour Co-op home' });
    this.accountButton = page.getByRole('button', { name: 'Account', exact: true });
    this.greetingButton = page.getByRole('button', { name: /^Hi, / });
    this.logInButton = page.getByRole('button', { name: 'Log In' });
    this.signUpButton = page.getByRole('button', { name: 'Sign Up' });
    this.signOutButton = page.getByRole('button', { name: 'Sign Out' });
    this.accountLinks = page.getByRole('list', { name: 'Your account' }).getByRole('link');
    this.primaryNav = page.getByRole('navigation', { name: 'Primary' });
    this.menuButton = page.getByRole('button', { name: 'Menu' });
    this.mobileMenu = page.getByRole('dialog', { name: 'Menu' });
    this.alertBanner = page.getByRole('region', { name: 'Alert' });
    this.storeName = page.getByTestId('header-store-name');
    this.scenePoints = page.getByTestId('scene-points');
    this.sceneDollars = page.getByTestId('scene-dollars');
  }

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
export class FooterBand {
  readonly slot: Locator;
  readonly contentinfo: Locator;
  /** The footer's navigation inside the page's contentinfo landmark. */
  readonly nav: Locator;
  /** The footer's navigation by itself (e.g. inside the slot, which sits in the <footer>). */
  readonly navigation: Locator;

  constructor(readonly page: Page) {
    this.slot = page.locator('#slot-mf-footer');
    this.contentinfo = page.getByRole('contentinfo');
    this.navigation = page.getByRole('navigation', { name: 'Footer' });
    this.nav = this.contentinfo.locator(this.navigation);
  }

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
