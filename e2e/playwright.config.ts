import { defineConfig } from '@playwright/test';
import type { PlatformOptions } from './fixtures/platform';

/**
 * End-to-end suite against the composed site built in production mode (ARCHITECTURE §6), in Debian's
 * Chromium (browsers cannot be downloaded here, ARCHITECTURE §7). The platform is started by the
 * worker fixture in fixtures/platform.ts on ports offset by E2E_OFFSET (default 10000: edge :18080) so it never clashes
 * with a developer's `npm start`.
 */
/** Port offset of the platform under test (edge = 8080 + offset); helpers running in parallel pick their own. */
export const E2E_OFFSET = Number(process.env.E2E_OFFSET || 10000);

export default defineConfig<object, PlatformOptions>({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${8080 + E2E_OFFSET}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /pinned\.spec\.ts$/ },
    // For integration testers: the shell against a pinned map file (its own platform, whose edge
    // reads the map from fixtures/platform.ts `pinnedMapFile` instead of the deploy store's pointer)
    { name: 'pinned', use: { browserName: 'chromium', pinnedMap: true }, testMatch: /pinned\.spec\.ts$/ },
  ],
});
