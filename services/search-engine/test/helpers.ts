import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { algoliasearch } from 'algoliasearch';
import type { FastifyInstance } from 'fastify';
import { type BuildServerOptions, buildServer } from '../src/server';

export const APP_ID = 'test-app';
export const ADMIN_KEY = 'test-admin';
export const SEARCH_KEY = 'test-search';

export interface Harness {
  app: FastifyInstance;
  port: number;
  admin: ReturnType<typeof algoliasearch>;
  reader: ReturnType<typeof algoliasearch>;
}

/** Starts a server on a random loopback port with real algoliasearch clients pointed at it. */
export async function startHarness(options: Partial<BuildServerOptions> = {}): Promise<Harness> {
  const app = buildServer({ appId: APP_ID, apiKeys: { admin: ADMIN_KEY, search: SEARCH_KEY }, logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const hosts = [{ url: `127.0.0.1:${port}`, protocol: 'http' as const, accept: 'readWrite' as const }];
  return {
    app,
    port,
    // writes go as application/json; the reader keeps the clients' text/plain
    admin: algoliasearch(APP_ID, ADMIN_KEY, { hosts, baseHeaders: { 'content-type': 'application/json' } }),
    reader: algoliasearch(APP_ID, SEARCH_KEY, { hosts }),
  };
}

export interface RawResponse {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw HTTP request (for bodies the client would never send). */
export function raw(
  port: number,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = { 'x-algolia-application-id': APP_ID, 'x-algolia-api-key': ADMIN_KEY, 'content-type': 'application/json' },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { 'content-type': 'text/plain', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          // keep text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
