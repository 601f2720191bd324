/**
 * Self-seeding (`SEARCH_SEED_ON_START=1`): a replica loads the committed seed catalogue into its own
 * indexes right after it starts listening, through its own HTTP API with the same code as
 * `npm run seed -w @storefront/seed` (`seedSearch`), so every replica of the in-memory read model holds
 * the same data without a launcher writing to each.
 */
import type { AddressInfo } from 'node:net';
import { seedSearch, type SeedSearchResult } from '@storefront/seed';
import type { FastifyInstance } from 'fastify';

/**
 * `host:port` at which this process reaches a listening server (a wildcard bind becomes loopback).
 * @throws Error when the server is not listening on TCP
 */
export function loopbackHost(app: FastifyInstance): string {
  const addr = app.server.address() as AddressInfo | string | null;
  if (!addr || typeof addr === 'string') throw new Error('the server is not listening on TCP');
  const host = addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address === '::' ? '[::1]' : addr.address.includes(':') ? `[${addr.address}]` : addr.address;
  return `${host}:${addr.port}`;
}

/** Options of {@link seedSelf}. */
export interface SeedSelfOptions {
  /** Application id the server expects. */
  appId: string;
  /** The server's admin key. */
  adminKey: string;
  /** Prefix of every index name (default ''). */
  indexPrefix?: string;
}

/**
 * Seeds a listening server with the committed catalogue (settings, records, rules of every index).
 * @returns index name → records saved
 * @throws the first failed request's error
 */
export function seedSelf(app: FastifyInstance, options: SeedSelfOptions): Promise<SeedSearchResult> {
  return seedSearch({
    host: loopbackHost(app),
    protocol: 'http',
    appId: options.appId,
    apiKey: options.adminKey,
    indexPrefix: options.indexPrefix ?? '',
    log: (line) => app.log.info({ seed: line }, 'seeding'),
  });
}
