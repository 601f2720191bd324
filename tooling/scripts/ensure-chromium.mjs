#!/usr/bin/env node
/**
 * Installs Debian's `chromium` when it is missing (browsers cannot be downloaded by Playwright on
 * this machine kind, ARCHITECTURE §7). Needs root and Debian's package mirror.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const bin = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(bin)) {
  console.log(`chromium: ${bin}`);
} else {
  console.log('chromium missing: installing Debian package chromium ...');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core`, { stdio: 'inherit' });
}
