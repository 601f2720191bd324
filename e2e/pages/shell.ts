import type { Locator } from '@playwright/test';
import { PageObject, pageSlot } from './page-object';

/** One failure the shell reported (shell/src/errors.ts), as in `window.__SHELL_ERRORS__`. */
export interface ShellErrorRecord { code: string; remote?: string }

/** The shell's frame around the remotes: slots, quiet fallbacks, reported failures. */
export class ShellFrame extends PageObject {
  /** Route-owned remote pages render here. */
  readonly pageSlot = pageSlot(this.page);

  /** A band slot by id, e.g. 'slot-mf-search'. */
  slot(id: string): Locator {
    return this.page.locator(`#${id}`);
  }

  /** The quiet fallback the shell renders for a failed app (`[data-shell-fallback]`, shell/src/mf/fallback.ts). */
  fallbacks(within: Locator): Locator {
    return within.locator('[data-shell-fallback]');
  }

  /**
   * The visible message of a failed page remote in #slot-page: a `role="status"` region named after the
   * registry label, reading '<label> is/are unavailable right now.'.
   */
  pageFallback(label: string): Locator {
    return this.pageSlot.getByRole('status', { name: label });
  }

  /**
   * Records the single-spa status of every application as it changes (the `single-spa:app-change` and
   * `single-spa:routing-event` window events); read with {@link appStatuses}. Call before `goto`.
   */
  async installAppStatusProbe(): Promise<void> {
    await this.page.addInitScript(() => {
      const statuses: Record<string, string> = {};
      (window as unknown as { __E2E_APP_STATUS__: Record<string, string> }).__E2E_APP_STATUS__ = statuses;
      const record = (e: Event) => Object.assign(statuses, (e as CustomEvent<{ newAppStatuses?: Record<string, string> }>).detail?.newAppStatuses ?? {});
      window.addEventListener('single-spa:app-change', record);
      window.addEventListener('single-spa:routing-event', record);
    });
  }

  /** single-spa application name → last status seen ('MOUNTED', 'NOT_MOUNTED', 'SKIP_BECAUSE_BROKEN', ...). */
  appStatuses(): Promise<Record<string, string>> {
    return this.page.evaluate(() => ({ ...((window as unknown as { __E2E_APP_STATUS__?: Record<string, string> }).__E2E_APP_STATUS__ ?? {}) }));
  }

  /** `window.__SHELL_ERRORS__` (shell/src/errors.ts). */
  errors(): Promise<ShellErrorRecord[]> {
    return this.page.evaluate(() => (window as unknown as { __SHELL_ERRORS__?: ShellErrorRecord[] }).__SHELL_ERRORS__ ?? []);
  }

  /** Codes only: 'SHELL-002'. */
  async errorCodes(): Promise<string[]> {
    return (await this.errors()).map((e) => e.code);
  }

  /** '<code> <remote request id>', e.g. 'SHELL-002 mf_search/spa'. */
  async errorKeys(): Promise<string[]> {
    return (await this.errors()).map((e) => `${e.code} ${e.remote ?? ''}`);
  }
}
