#!/usr/bin/env node
/**
 * Serves one remote's production build (its `dist/`, holding `<name>/<version>/` folders) with CORS
 * and the shared cache policy. Run from a remote's folder: `npm run serve` (PORT env, default: the remote's
 * port in the remote registry, tooling/registry/remotes.json).
 *
 * Each remote has its own server, so an integration tester can stop one and watch the rest of the
 * site keep working (ARCHITECTURE §2).
 */
import path from 'node:path';
import fs from 'node:fs';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import cors from '@fastify/cors';
import { createRequire } from 'node:module';
import { cacheControlFor } from './cache-policy.mjs';

/**
 * @param {{ dir: string, port: number, host?: string, logger?: boolean, allowedOrigins?: string[] }} o
 *   `allowedOrigins`: origins answered with CORS (the storefront's only; any other Origin gets no CORS
 *   headers). Default env STOREFRONT_ORIGIN (comma-separated), else http://localhost:8080.
 */
export async function serveRemote({ dir, port, host = '127.0.0.1', logger = false, allowedOrigins = (process.env.STOREFRONT_ORIGIN || 'http://localhost:8080').split(',') }) {
  const app = Fastify({ logger });
  await app.register(cors, { origin: allowedOrigins });
  await app.register(fastifyStatic, {
    root: path.join(dir, 'dist'),
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  await app.listen({ port, host });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.cwd();
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const registry = createRequire(import.meta.url)('../registry/index.cjs');
  const entry = registry.remoteOf(pkg.name);
  const port = Number(process.env.PORT || (entry && entry.port) || 3000);
  serveRemote({ dir, port }).then(() => {
    console.log(`${pkg.name} ${pkg.version}: http://localhost:${port}/${pkg.name}/${pkg.version}/ (manifest: mf-manifest.json)`);
  });
}
