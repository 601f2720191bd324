import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildServerOptions } from '../src/server';

export const HOST = 'http://localhost:18080';
export const PUBLIC_ORIGIN = 'http://localhost:14300';

export interface Harness {
  app: FastifyInstance;
  base: string;
  /** Sets the instant the server sees as "now". */
  setNow(iso: string): void;
}

/** The provider on a random loopback port, with a settable clock. */
export async function startHarness(o: Partial<BuildServerOptions> = {}): Promise<Harness> {
  let now = new Date('2026-11-25T15:00:00Z'); // a Wednesday: the week of Thursday 2026-11-19
  const app = buildServer({ publicOrigin: PUBLIC_ORIGIN, allowedHosts: [HOST, 'https://shop.example.com'], now: () => now, logger: false, ...o });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    base: `http://127.0.0.1:${port}`,
    setNow: (iso) => {
      now = new Date(iso);
    },
  };
}

/** `/embed` query string from parts (defaults: store 3299's current publication, the test host). */
export function embedQuery(parts: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  const all: Record<string, string | undefined> = { merchant: 'harbour-market', storeCode: '3299', locale: 'en-CA', publicationId: '3299-20261119', hostOrigin: HOST, ...parts };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return q.toString();
}
