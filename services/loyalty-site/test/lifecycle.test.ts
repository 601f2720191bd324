/** The site's process keeps the services' lifecycle contract: probes, request ids, JSON request log, drain on SIGTERM. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeServiceLifecycle } from '@storefront/search-engine/test/lifecycle-contract';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-lifecycle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describeServiceLifecycle({
  service: 'loyalty-site',
  main: path.join(__dirname, '../src/main.ts'),
  portEnv: 'LOYALTY_SITE_PORT',
  env: { LOYALTY_SITE_DATA_FILE: path.join(dir, 'registrations.jsonl') },
});
