/** The vendors' process keeps the services' lifecycle contract: probes, request ids, JSON request log, drain on SIGTERM. */
import path from 'node:path';
import { describeServiceLifecycle } from '@storefront/search-engine/test/lifecycle-contract';

describeServiceLifecycle({ service: 'vendors', main: path.join(__dirname, '../src/main.ts'), portEnv: 'VENDORS_PORT' });
