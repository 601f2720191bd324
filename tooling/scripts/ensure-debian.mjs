#!/usr/bin/env node
/**
 * Installs Debian packages the local platform runs (redis-server, haproxy, nginx and its brotli module)
 * when their binaries are missing: `apt-get install -y`, with sudo when not root.
 *
 *   node tooling/scripts/ensure-debian.mjs redis-server haproxy nginx
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Package → a file that exists once it is installed. */
export const DEBIAN_FILES = {
  'redis-server': ['/usr/bin/redis-server', '/usr/bin/redis-cli'],
  haproxy: ['/usr/sbin/haproxy'],
  nginx: ['/usr/sbin/nginx'],
  'libnginx-mod-http-brotli-filter': ['/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so'],
  'libnginx-mod-http-brotli-static': ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'],
};

let updated = false;

/**
 * Installs `pkg` unless every one of `files` exists.
 * @param {string} pkg Debian package name
 * @param {string[]} [files] absolute paths that prove it is installed (default {@link DEBIAN_FILES})
 * @returns the first of `files`
 * @throws when apt-get fails or a file is still missing afterwards
 */
export function ensureDebianPackage(pkg, files = DEBIAN_FILES[pkg] ?? []) {
  if (files.length && files.every((f) => existsSync(f))) return files[0];
  console.log(`${pkg} missing: installing Debian package ${pkg} ...`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  if (!updated) execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
  updated = true;
  // policy-rc.d-free: the packages' own services are never started (the platform runs its own servers)
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq ${pkg}`, { stdio: 'inherit' });
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length) throw new Error(`${pkg} installed but ${missing.join(', ')} missing`);
  return files[0];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const pkg of process.argv.slice(2)) console.log(`${pkg}: ${ensureDebianPackage(pkg)}`);
}
