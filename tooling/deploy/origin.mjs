#!/usr/bin/env node
/**
 * The deploy origin: serves the deploy store (./store.mjs) as one static origin with the
 * cache policy of ARCHITECTURE §2 — manifests, remote entries and the environments' pointers
 * `no-cache`, content-hashed chunks immutable — and CORS for the storefront's origin only.
 *
 * CLI: `node tooling/deploy/origin.mjs` with PORT (4600), HOST (127.0.0.1), DEPLOY_DIR (<repo>/.deploy)
 * and STOREFRONT_ORIGIN (http://localhost:8080); the platform launcher starts it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import cors from '@fastify/cors';
import { cacheControlFor } from '../serve/cache-policy.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The default deploy store folder of this checkout (gitignored). */
export const DEFAULT_DEPLOY_DIR = path.join(repoRoot, '.deploy');

/**
 * Starts the deploy origin; resolves once it listens.
 * @param {{ dir?: string, port?: number, host?: string, storefrontOrigin?: string | string[] }} [o]
 * @returns {Promise<import('fastify').FastifyInstance>}
 */
export async function startDeployOrigin({ dir = DEFAULT_DEPLOY_DIR, port = 4600, host = '127.0.0.1', storefrontOrigin = 'http://localhost:8080' } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  const app = Fastify();
  await app.register(cors, { origin: Array.isArray(storefrontOrigin) ? storefrontOrigin : [storefrontOrigin] });
  app.get('/health', async () => ({ ok: true }));
  await app.register(fastifyStatic, {
    root: dir,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(dir, filePath).split(path.sep);
      res.setHeader('Cache-Control', rel[0] === 'environments' ? 'no-cache' : cacheControlFor(filePath));
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  await app.listen({ port, host });
  return app;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT || 4600);
  startDeployOrigin({
    dir: process.env.DEPLOY_DIR || DEFAULT_DEPLOY_DIR,
    port,
    storefrontOrigin: (process.env.STOREFRONT_ORIGIN || 'http://localhost:8080').split(','),
  }).then(
    () => console.log(`deploy origin: http://localhost:${port}/ (${process.env.DEPLOY_DIR || DEFAULT_DEPLOY_DIR})`),
    (err) => { console.error(err); process.exit(1); },
  );
}
